/**
 * The steps of the registration wizard (spec section 2): 1 information, 2 fees, 3 personal
 * details, 4 passport, visa and hotel, 5 payment choice, 6 bank transfer. Steps 2-4 read and write
 * the form through react-hook-form's context; 5 and 6 act on the saved order.
 */
import { Box, Button, Card, DataList, Grid, GridItem, Heading, List, Separator, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { registration2024 } from '#core/config/conference';
import { phonePrefixOptions } from '#core/data/phone-prefixes';
import { formatMoney, formatWireUsd } from '#core/money';
import { priceLines, type PricedSelection } from '#core/orders/pricing';
import { dietaryOptions, genders, titles, type RoomField } from '#core/orders/schemas';
import { formatDayRange } from '#core/i18n/format';
import type { MessageId } from '#core/i18n/messages';
import { ChoiceField, SelectField, TextAreaField, TextField } from '../../components/form/fields';
import { FormAlert } from '../../components/form/form-alert';
import { FormSection } from '../../components/form/form-section';
import { InlineText } from '../../components/content/inline-text';
import { ScrollTable } from '../../components/ui/scroll-table';
import { FileDropZone } from '../../components/upload/file-drop-zone';
import { StoredFiles } from '../../components/upload/stored-files';
import { UploadTasks } from '../../components/upload/upload-tasks';
import type { useUploads } from '../../components/upload/use-uploads';
import { useContent } from '../../content/localise';
import { placeholderValues } from '../../content/placeholders';
import infoJson from '../../content/registration-info.json';
import { useConference } from '../../lib/conference';
import { useBankAccount, type OrderOptions } from './api';
import { hotelEstimate, liveTotal, savedPassportName, type OrderFormValues } from './order-form';
import { RefundPolicy } from './refund-policy';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { useOrderLabels } from './labels';
import { statusNameIds } from './status-names';
import { useCountryOptions } from '../../i18n/countries';
/** Checkout offers Alipay or WeChat Pay besides cards (decision 0061). */
const offersWallets = registration2024.checkoutPaymentMethods.some((m) => m !== 'card');

const usd = (cents: number) => formatMoney(cents, 'USD');
/** '13:00' -> '1:00 PM', as the spec writes the bus times. */
const clockTime = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
const cny = (fen: number) => formatMoney(fen, 'CNY', 0);
function useYesNo() {
  const t = useT();
  return [
    { value: '1', label: t('registration.wizard.yes') },
    { value: '0', label: t('registration.wizard.no') },
  ];
}

const titleIds: Record<string, MessageId> = { 'Prof.': 'registration.wizard.titleProf', 'Dr.': 'registration.wizard.titleDr', 'Mr.': 'registration.wizard.titleMr', 'Ms.': 'registration.wizard.titleMs', 'Mrs.': 'registration.wizard.titleMrs' };
const genderIds: Record<string, MessageId> = { Female: 'registration.wizard.genderFemale', Male: 'registration.wizard.genderMale', Other: 'registration.wizard.genderOther' };
const dietaryIds: Record<string, MessageId> = { Vegetarian: 'registration.wizard.dietVegetarian' };

// ---------------------------------------------------------------------------------------------
// Step 1

export function InformationStep() {
  const t = useT();
  const facts = useConference();
  const lang = useLang();
  const info = useContent(infoJson);
  const values = useMemo(() => (facts.data ? placeholderValues(facts.data, lang) : undefined), [facts.data, lang]);
  if (!values) return <Text color="gray.700">{t('registration.wizard.loadingInfo')}</Text>;
  return (
    <Stack gap="6">
      {/* The registration's summary is the page's lead (order-wizard-frame.tsx), above every step. */}
      {info.sections.map((section) => (
        <FormSection level="h3" key={section.heading} title={section.heading}>
          <List.Root gap="2" ps="5">
            {section.items.map((item) => (
              <List.Item key={item}>
                <InlineText text={item} values={values} />
              </List.Item>
            ))}
          </List.Root>
        </FormSection>
      ))}
      <FormSection level="h3" title={t('registration.wizard.cancellation')}>
        <RefundPolicy />
      </FormSection>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 2

const counts = (max: number) => Array.from({ length: max + 1 }, (_, i) => ({ value: String(i), label: String(i) }));

export function FeesStep({ frozen }: { frozen: boolean }) {
  const t = useT();
  const lang = useLang();
  const label = useOrderLabels();
  const { control } = useFormContext<OrderFormValues>();
  const [rate, accompanying, visitors] = useWatch({ control, name: ['rate', 'accompanying_person', 'post_conference_activities_person'] });
  const total = liveTotal({ rate, accompanying_person: accompanying, post_conference_activities_person: visitors });
  const rateOptions = registration2024.rates.map((r) => ({
    value: String(r.value),
    label: label.rateChoice(r),
  }));
  return (
    <Stack gap="6">
      {frozen && (
        <FormAlert status="info" title={t('registration.wizard.frozenTitle')}>
          {t('registration.wizard.frozenText')}
        </FormAlert>
      )}
      <chakra.fieldset disabled={frozen} minW="0" display="flex" flexDirection="column" gap="6">
        <ChoiceField<OrderFormValues> name="rate" label={label.field('rate')} required options={rateOptions} readOnly={frozen} />
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6">
          <SelectField<OrderFormValues>
            name="accompanying_person"
            label={label.field('accompanying_person')}
            helper={t('registration.wizard.eachHelper', { amount: usd(registration2024.accompanyingPersonAmount) })}
            options={counts(registration2024.maxAccompanyingPersons)}
            placeholder={null}
          />
          <SelectField<OrderFormValues>
            name="post_conference_activities_person"
            label={label.field('post_conference_activities_person')}
            helper={t('registration.wizard.visitHelper', { amount: usd(registration2024.postConferenceVisitAmount) })}
            options={counts(registration2024.maxAccompanyingPersons + 1)}
            placeholder={null}
          />
        </Grid>
        {Number(visitors) > 0 && (
          <ChoiceField<OrderFormValues>
            name="post_conference_activities_attach"
            label={label.field('post_conference_activities_attach')}
            required
            direction="column"
            readOnly={frozen}
            options={registration2024.postConferenceActivities.map((a) => ({
              value: String(a.value),
              label: label.activity(a),
              description: t('registration.wizard.bus', {
                departs: lang === 'en' ? clockTime(registration2024.busDepartsAt) : registration2024.busDepartsAt,
                returns: lang === 'en' ? clockTime(a.returnsAt) : a.returnsAt,
              }),
            }))}
          />
        )}
      </chakra.fieldset>
      <Box borderWidth="1px" rounded="md" p="4" bg="gray.50" aria-live="polite">
        <Text fontSize="sm" color="gray.700">
          {t('registration.wizard.total')}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid="live-total">
          {total === null ? t('registration.wizard.chooseRate') : usd(total)}
        </Text>
        <Text fontSize="sm" color="gray.700">
          {t('registration.wizard.totalFormula', { accompanying: usd(registration2024.accompanyingPersonAmount), visit: usd(registration2024.postConferenceVisitAmount) })}
        </Text>
      </Box>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 3

export function PersonalStep({ options }: { options: OrderOptions }) {
  const t = useT();
  const label = useOrderLabels();
  const yesNo = useYesNo();
  const countries = useCountryOptions(options.country_regions);
  return (
    <Stack gap="8">
      <FormSection level="h3" title={t('registration.wizard.aboutYou')}>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <SelectField<OrderFormValues> name="title" label={label.field('title')} required options={titles.map((v) => ({ value: v, label: titleIds[v] ? t(titleIds[v]!) : v }))} autoComplete="honorific-prefix" />
          <Box hideBelow="md" />
          <TextField<OrderFormValues> name="first_name" label={label.field('first_name')} required autoComplete="given-name" />
          <TextField<OrderFormValues> name="last_name" label={label.field('last_name')} required autoComplete="family-name" />
          <GridItem colSpan={{ base: 1, md: 2 }}>
            <Text color="gray.700" fontSize="sm">
              {t('registration.wizard.chineseNameHelp')}
            </Text>
          </GridItem>
          <TextField<OrderFormValues> name="family_name_in_chinese" label={label.field('family_name_in_chinese')} autoComplete="off" lang="zh-Hans" />
          <TextField<OrderFormValues> name="given_name_in_chinese" label={label.field('given_name_in_chinese')} autoComplete="off" lang="zh-Hans" />
          <TextField<OrderFormValues> name="organization" label={label.field('organization')} required autoComplete="organization" />
          <TextField<OrderFormValues> name="position" label={label.field('position')} required autoComplete="organization-title" />
          <SelectField<OrderFormValues> name="primary_address_country" label={label.field('primary_address_country')} required options={countries} autoComplete="country-name" />
          <TextField<OrderFormValues> name="primary_email" label={label.field('primary_email')} required type="email" autoComplete="email" />
        </Grid>
      </FormSection>
      <Separator />
      <FormSection level="h3" title={t('registration.wizard.events')} description={t('registration.wizard.eventsText')}>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6">
          <ChoiceField<OrderFormValues> name="morning_workshop" label={label.field('morning_workshop')} required options={yesNo} />
          <ChoiceField<OrderFormValues> name="afternoon_workshop" label={label.field('afternoon_workshop')} required options={yesNo} />
          <ChoiceField<OrderFormValues> name="welcome_reception" label={label.field('welcome_reception')} required options={yesNo} />
          <ChoiceField<OrderFormValues> name="gala_dinner" label={label.field('gala_dinner')} required options={yesNo} />
        </Grid>
      </FormSection>
      <Separator />
      <FormSection level="h3" title={t('registration.wizard.requirements')}>
        <SelectField<OrderFormValues>
          name="dietary_requirements"
          label={label.field('dietary_requirements')}
          options={dietaryOptions.map((d) => ({ value: d, label: dietaryIds[d] ? t(dietaryIds[d]!) : d }))}
          placeholder={t('registration.wizard.dietNone')}
        />
        <TextAreaField<OrderFormValues> name="other_dietary_requirements_allergies" label={label.field('other_dietary_requirements_allergies')} rows={2} />
        <TextAreaField<OrderFormValues> name="special_assistance_requirements" label={label.field('special_assistance_requirements')} rows={2} />
      </FormSection>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 4

type Uploads = ReturnType<typeof useUploads>;

function PassportFile({ uploads, onRemove }: { uploads: Uploads; onRemove: () => void }) {
  const t = useT();
  const label = useOrderLabels();
  const { control, formState } = useFormContext<OrderFormValues>();
  const [id, name] = useWatch({ control, name: ['front_page_of_the_passport', 'passport_file_name'] });
  const error = (formState.errors.front_page_of_the_passport as { message?: string } | undefined)?.message;
  return (
    <Stack gap="3" data-invalid={error ? '' : undefined}>
      <Text fontWeight="medium">
        {label.field('front_page_of_the_passport')}{' '}
        <Box as="span" color="red.600" aria-hidden="true">
          *
        </Box>
      </Text>
      {!id && <FileDropZone purpose="passport" maxFiles={1} remaining={uploads.active > 0 ? 0 : 1} onFiles={uploads.start} label={t('registration.wizard.choosePassport')} />}
      <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      <StoredFiles
        files={id ? [{ id, name: name === savedPassportName ? t('registration.wizard.passportSaved') : name || t('registration.wizard.passportFrontPage') }] : []}
        label={t('registration.wizard.passportOfOrder')}
        empty={t('registration.wizard.noPassportYet')}
        onRemove={() => onRemove()}
      />
      {error && (
        <Text color="red.600" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export function TravelStep({ options, uploads, onRemovePassport }: { options: OrderOptions; uploads: Uploads; onRemovePassport: () => void }) {
  const t = useT();
  const label = useOrderLabels();
  const yesNo = useYesNo();
  const { control } = useFormContext<OrderFormValues>();
  const [visa, hotel] = useWatch({ control, name: ['visa_required', 'hotel_book_required'] });
  const countries = useCountryOptions(options.country_regions);
  // Chosen by country ("China +86"); the value kept is the code the server offers.
  const prefixes = phonePrefixOptions(options.phone_number_prefixes);
  return (
    <Stack gap="8">
      <FormSection level="h3" title={t('registration.wizard.passport')}>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <TextField<OrderFormValues> name="full_name_as_on_passport" label={label.field('full_name_as_on_passport')} required autoComplete="name" />
          <SelectField<OrderFormValues> name="gender" label={label.field('gender')} required options={genders.map((g) => ({ value: g, label: genderIds[g] ? t(genderIds[g]!) : g }))} />
          <SelectField<OrderFormValues> name="nationality" label={label.field('nationality')} required options={countries} />
        </Grid>
      </FormSection>
      <Separator />
      <FormSection level="h3" title={t('registration.wizard.visa')} description={t('registration.wizard.visaText')}>
        <ChoiceField<OrderFormValues> name="visa_required" label={label.field('visa_required')} required options={yesNo} />
        {visa === '1' && (
          <Stack gap="4">
            <TextField<OrderFormValues> name="for_visa_support_letter" label={label.field('for_visa_support_letter')} />
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextField<OrderFormValues> name="date_of_birth" label={label.field('date_of_birth')} type="date" required autoComplete="bday" />
              <TextField<OrderFormValues> name="passport_number" label={label.field('passport_number')} required />
              <TextField<OrderFormValues> name="issue_date_of_passport" label={label.field('issue_date_of_passport')} type="date" required />
              <TextField<OrderFormValues> name="expiry_date_of_passport" label={label.field('expiry_date_of_passport')} type="date" required />
              <SelectField<OrderFormValues> name="phone_number_prefix" label={label.field('phone_number_prefix')} options={prefixes} autoComplete="tel-country-code" />
              <TextField<OrderFormValues> name="phone_number" label={label.field('phone_number')} type="tel" required autoComplete="tel-national" inputMode="tel" />
            </Grid>
            <PassportFile uploads={uploads} onRemove={onRemovePassport} />
            <TextAreaField<OrderFormValues> name="other_info_required_by_chinese_embassy_for_visa_support" label={label.field('other_info_required_by_chinese_embassy_for_visa_support')} rows={3} />
          </Stack>
        )}
      </FormSection>
      <Separator />
      <FormSection level="h3"
        title={t('registration.wizard.hotel')}
        description={t('registration.wizard.hotelText')}
      >
        <ChoiceField<OrderFormValues> name="hotel_book_required" label={label.field('hotel_book_required')} required options={yesNo} />
        {hotel === '1' && <HotelRooms />}
      </FormSection>
    </Stack>
  );
}

function HotelRooms() {
  const t = useT();
  const lang = useLang();
  const label = useOrderLabels();
  const { control } = useFormContext<OrderFormValues>();
  const watched = useWatch({ control, name: ['check_in_date', 'check_out_date', ...registration2024.hotelRooms.map((r) => r.field)] as const });
  const values = Object.fromEntries(
    ['check_in_date', 'check_out_date', ...registration2024.hotelRooms.map((r) => r.field)].map((name, i) => [name, watched[i] ?? '']),
  ) as Record<RoomField | 'check_in_date' | 'check_out_date', string>;
  const estimate = hotelEstimate(values);
  const { earliestCheckIn, latestCheckOut } = registration2024.hotelStay;
  return (
    <Stack gap="4">
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <TextField<OrderFormValues> name="check_in_date" label={label.field('check_in_date')} type="date" required helper={t('registration.wizard.from', { day: earliestCheckIn })} />
        <TextField<OrderFormValues> name="check_out_date" label={label.field('check_out_date')} type="date" required helper={t('registration.wizard.until', { day: latestCheckOut })} />
      </Grid>
      <ScrollTable label={t('registration.wizard.hotelRooms')} size="sm" aria-label={t('registration.wizard.hotelRooms')}>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>{t('registration.wizard.room')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('registration.wizard.perNight')}</Table.ColumnHeader>
            <Table.ColumnHeader w="28">{t('registration.wizard.rooms')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {registration2024.hotelRooms.map((room) => (
            <Table.Row key={room.field}>
              <Table.Cell>{label.room(room)}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {cny(room.pricePerNight)}
              </Table.Cell>
              <Table.Cell>
                <RoomCount field={room.field} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </ScrollTable>
      <Box aria-live="polite" fontSize="sm">
        {estimate.nights > 0 && estimate.rooms > 0 ? (
          <Text>
            {t('registration.wizard.stayBefore', { rooms: estimate.rooms, nights: estimate.nights, days: formatDayRange(lang, values.check_in_date, values.check_out_date) })}
            <strong>{cny(estimate.total)}</strong>
            {t('registration.wizard.stayAfter')}
          </Text>
        ) : (
          <Text color="gray.700">{t('registration.wizard.stayHint')}</Text>
        )}
      </Box>
      <TextAreaField<OrderFormValues> name="other_room_request" label={label.field('other_room_request')} rows={2} />
    </Stack>
  );
}

function RoomCount({ field }: { field: RoomField }) {
  const label = useOrderLabels();
  const { register, formState } = useFormContext<OrderFormValues>();
  const error = (formState.errors[field] as { message?: string } | undefined)?.message;
  return (
    <Box>
      <chakra.select
        {...register(field)}
        aria-label={label.field(field)}
        aria-invalid={error ? true : undefined}
        borderWidth="1px"
        borderColor={error ? 'red.500' : 'gray.300'}
        rounded="md"
        px="2"
        h="9"
        w="20"
        bg="white"
      >
        {counts(registration2024.maxRoomsPerType).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </chakra.select>
      {error && (
        <Text color="red.600" fontSize="xs" role="alert" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

// ---------------------------------------------------------------------------------------------
// Steps 5 and 6

export interface PayableOrder {
  id: string;
  order_no: string;
  reference: string;
  amount_required: string;
  status_name: string;
  /** The payment status (its name in the page's language); without it, status_name as the server gave it. */
  status?: number;
  /** What the order buys (the lines are priced as the server prices them). */
  selection?: PricedSelection;
}

/** One width for every label of the summary, so that the amounts stand in one column. */
const labelWidth = { base: '11.5rem', md: '13rem' };

/** A price line's name (core/orders/pricing.ts names them in English) in the page's language. */
function useLineName() {
  const t = useT();
  const label = useOrderLabels();
  return (name: string) => {
    const rate = registration2024.rates.find((r) => name === `${r.label} rate registration`);
    if (rate) return t('registration.wizard.lineRate', { rate: label.rateName(rate) });
    if (name === 'Accompanying person') return t('registration.wizard.lineAccompanying');
    if (name === 'Post-conference visit') return t('registration.wizard.lineVisit');
    return name;
  };
}

function OrderSummary({ order }: { order: PayableOrder }) {
  const t = useT();
  const lineName = useLineName();
  return (
    <DataList.Root orientation="horizontal" size="md" data-testid="order-summary">
      <DataList.Item>
        <DataList.ItemLabel minW={labelWidth}>{t('registration.wizard.order')}</DataList.ItemLabel>
        <DataList.ItemValue>{order.order_no}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel minW={labelWidth}>{t('registration.list.colStatus')}</DataList.ItemLabel>
        <DataList.ItemValue>{order.status === undefined || !statusNameIds[order.status] ? order.status_name : t(statusNameIds[order.status]!)}</DataList.ItemValue>
      </DataList.Item>
      {order.selection &&
        priceLines(order.selection).map((line) => (
          <DataList.Item key={line.name}>
            <DataList.ItemLabel minW={labelWidth}>{lineName(line.name)}</DataList.ItemLabel>
            <DataList.ItemValue>
              {line.quantity > 1 ? `${line.quantity} x ${usd(line.unitAmount)} = ${usd(line.unitAmount * line.quantity)}` : usd(line.unitAmount)}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      <DataList.Item>
        <DataList.ItemLabel minW={labelWidth}>{t('registration.wizard.total')}</DataList.ItemLabel>
        <DataList.ItemValue fontWeight="bold">{formatWireUsd(order.amount_required)}</DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}

export function PaymentStep(props: { order: PayableOrder | null; onCard: () => Promise<void>; onTransfer: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const bank = useBankAccount();
  return (
    <Stack gap="6">
      {props.order && <OrderSummary order={props.order} />}
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <Card.Root>
          <Card.Body gap="3">
            <Heading as="h3" size="md">
              {t('registration.wizard.card')}
            </Heading>
            <Text color="gray.700">{t('registration.wizard.cardText')}</Text>
            {offersWallets && <Text color="gray.700">{t('registration.wizard.wallets')}</Text>}
            <Button
              colorPalette="brand"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await props.onCard();
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('registration.wizard.payByCard')}
            </Button>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body gap="3">
            <Heading as="h3" size="md">
              {t('registration.wizard.bankTransfer')}
            </Heading>
            {bank.isPending ? (
              <Text color="gray.700">{t('registration.wizard.lookingUpBank')}</Text>
            ) : bank.data?.bank_account ? (
              <>
                <Text color="gray.700">{t('registration.wizard.transferText')}</Text>
                <Button variant="outline" colorPalette="brand" onClick={props.onTransfer}>
                  {t('registration.wizard.transferButton')}
                </Button>
              </>
            ) : (
              <Text color="gray.700" data-testid="transfer-closed">
                {t('registration.wizard.transferClosed')}
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      </Grid>
    </Stack>
  );
}

export function TransferStep(props: { order: PayableOrder | null; onChoice: (type: 'later' | 'done') => Promise<void> }) {
  const t = useT();
  const localise = useLocalise();
  const facts = useConference();
  const account = useBankAccount().data?.bank_account;
  const [busy, setBusy] = useState<'later' | 'done' | null>(null);
  const details: [string, string][] = account
    ? [
        [t('registration.wizard.beneficiary'), account.beneficiary],
        [t('registration.wizard.beneficiaryAddress'), account.beneficiary_address],
        [t('registration.wizard.bank'), account.bank],
        [t('registration.wizard.bankAddress'), account.bank_address],
        [t('registration.wizard.accountNumber'), account.account_number],
        ['SWIFT/BIC', account.swift],
        [t('registration.wizard.currency'), account.currency],
      ]
    : [];
  const shown = details.filter(([, value]) => value);
  const choose = async (type: 'later' | 'done') => {
    setBusy(type);
    try {
      await props.onChoice(type);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="6">
      {props.order && (
        <Box borderWidth="2px" borderColor="brand.600" rounded="md" p="4">
          <Text fontSize="sm" color="gray.700">
            {t('registration.wizard.reference')}
          </Text>
          <Text fontSize="2xl" fontWeight="bold" fontFamily="mono" data-testid="transfer-reference">
            {props.order.reference}
          </Text>
          <Text mt="2">
            {t('registration.wizard.amount')}
            <strong>{formatWireUsd(props.order.amount_required)}</strong>
          </Text>
        </Box>
      )}
      {facts.data && <Text>{localise(facts.data.bankTransfer.instructions)}</Text>}
      {shown.length > 0 ? (
        <DataList.Root orientation="horizontal">
          {shown.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      ) : (
        <FormAlert status="info" title={t('registration.wizard.transferNotOpen')}>
          {t('registration.wizard.transferNotOpenText')}
        </FormAlert>
      )}
      <Text color="gray.700">
        {t('registration.wizard.chooseBefore')}
        <strong>{t('registration.wizard.done')}</strong>
        {t('registration.wizard.chooseDone')}
        <strong>{t('registration.wizard.payLater')}</strong>
        {t('registration.wizard.chooseLater')}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button variant="outline" loading={busy === 'later'} disabled={busy !== null} onClick={() => void choose('later')}>
          {t('registration.wizard.payLater')}
        </Button>
        <Button colorPalette="brand" loading={busy === 'done'} disabled={busy !== null || !account} onClick={() => void choose('done')}>
          {t('registration.wizard.done')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The steps of the registration wizard (spec section 2): 1 information, 2 fees, 3 personal
 * details, 4 passport, visa and hotel, 5 payment choice, 6 bank transfer. Steps 2-4 read and write
 * the form through react-hook-form's context; 5 and 6 act on the saved order.
 */
import { Box, Button, Card, DataList, Grid, Heading, List, Separator, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { registration2024 } from '#core/config/conference';
import { phonePrefixOptions } from '#core/data/phone-prefixes';
import { formatMoney, formatWireUsd } from '#core/money';
import { priceLines, type PricedSelection } from '#core/orders/pricing';
import { orderFieldLabels, rateChoiceLabel } from '#core/orders/field-labels';
import { dietaryOptions, genders, titles, type RoomField } from '#core/orders/schemas';
import { formatCstDayRange } from '#core/time';
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
import { useLang } from '../../i18n/i18n';
import { useConference } from '../../lib/conference';
import { useBankAccount, type OrderOptions } from './api';
import { hotelEstimate, liveTotal, type OrderFormValues } from './order-form';
import { RefundPolicy } from './refund-policy';

const usd = (cents: number) => formatMoney(cents, 'USD');
/** '13:00' -> '1:00 PM', as the spec writes the bus times. */
const clockTime = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
const cny = (fen: number) => formatMoney(fen, 'CNY', 0);
const yesNo = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

// ---------------------------------------------------------------------------------------------
// Step 1

export function InformationStep() {
  const facts = useConference();
  const lang = useLang();
  const info = useContent(infoJson);
  const values = useMemo(() => (facts.data ? placeholderValues(facts.data, lang) : undefined), [facts.data, lang]);
  if (!values) return <Text color="gray.700">Loading the registration information...</Text>;
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
      <FormSection level="h3" title="Cancellation and refund">
        <RefundPolicy />
      </FormSection>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 2

const counts = (max: number) => Array.from({ length: max + 1 }, (_, i) => ({ value: String(i), label: String(i) }));

export function FeesStep({ frozen }: { frozen: boolean }) {
  const { control } = useFormContext<OrderFormValues>();
  const [rate, accompanying, visitors] = useWatch({ control, name: ['rate', 'accompanying_person', 'post_conference_activities_person'] });
  const total = liveTotal({ rate, accompanying_person: accompanying, post_conference_activities_person: visitors });
  const rateOptions = registration2024.rates.map((r) => ({
    value: String(r.value),
    label: rateChoiceLabel(r),
  }));
  return (
    <Stack gap="6">
      {frozen && (
        <FormAlert status="info" title="This order is paid: its rate and persons can no longer change here.">
          To add to an existing registration, please send an e-mail to the registration office.
        </FormAlert>
      )}
      <chakra.fieldset disabled={frozen} minW="0" display="flex" flexDirection="column" gap="6">
        <ChoiceField<OrderFormValues> name="rate" label={orderFieldLabels.rate} required options={rateOptions} readOnly={frozen} />
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6">
          <SelectField<OrderFormValues>
            name="accompanying_person"
            label={orderFieldLabels.accompanying_person}
            helper={`${usd(registration2024.accompanyingPersonAmount)} each.`}
            options={counts(registration2024.maxAccompanyingPersons)}
            placeholder={null}
          />
          <SelectField<OrderFormValues>
            name="post_conference_activities_person"
            label={orderFieldLabels.post_conference_activities_person}
            helper={`${usd(registration2024.postConferenceVisitAmount)} per person: you and your accompanying persons.`}
            options={counts(registration2024.maxAccompanyingPersons + 1)}
            placeholder={null}
          />
        </Grid>
        {Number(visitors) > 0 && (
          <ChoiceField<OrderFormValues>
            name="post_conference_activities_attach"
            label={orderFieldLabels.post_conference_activities_attach}
            required
            direction="column"
            readOnly={frozen}
            options={registration2024.postConferenceActivities.map((a) => ({
              value: String(a.value),
              label: a.label,
              description: `The bus departs at ${clockTime(registration2024.busDepartsAt)} and returns at ${clockTime(a.returnsAt)}.`,
            }))}
          />
        )}
      </chakra.fieldset>
      <Box borderWidth="1px" rounded="md" p="4" bg="gray.50" aria-live="polite">
        <Text fontSize="sm" color="gray.700">
          Total
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid="live-total">
          {total === null ? 'Choose a rate' : usd(total)}
        </Text>
        <Text fontSize="sm" color="gray.700">
          Rate + {usd(registration2024.accompanyingPersonAmount)} x accompanying persons + {usd(registration2024.postConferenceVisitAmount)} x visit persons.
        </Text>
      </Box>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 3

export function PersonalStep({ options }: { options: OrderOptions }) {
  const countries = options.country_regions.map((c) => ({ value: c, label: c }));
  return (
    <Stack gap="8">
      <FormSection level="h3" title="About you">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <SelectField<OrderFormValues> name="title" label={orderFieldLabels.title} required options={titles.map((t) => ({ value: t, label: t }))} autoComplete="honorific-prefix" />
          <Box hideBelow="md" />
          <TextField<OrderFormValues> name="first_name" label={orderFieldLabels.first_name} required autoComplete="given-name" />
          <TextField<OrderFormValues> name="last_name" label={orderFieldLabels.last_name} required autoComplete="family-name" />
          <TextField<OrderFormValues> name="organization" label={orderFieldLabels.organization} required autoComplete="organization" />
          <TextField<OrderFormValues> name="position" label={orderFieldLabels.position} required autoComplete="organization-title" />
          <SelectField<OrderFormValues> name="primary_address_country" label={orderFieldLabels.primary_address_country} required options={countries} autoComplete="country-name" />
          <TextField<OrderFormValues> name="primary_email" label={orderFieldLabels.primary_email} required type="email" autoComplete="email" />
        </Grid>
      </FormSection>
      <Separator />
      <FormSection level="h3" title="Events" description="Tell us which events you will attend, so that we can plan seats and meals.">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="6">
          <ChoiceField<OrderFormValues> name="morning_workshop" label={orderFieldLabels.morning_workshop} required options={yesNo} />
          <ChoiceField<OrderFormValues> name="afternoon_workshop" label={orderFieldLabels.afternoon_workshop} required options={yesNo} />
          <ChoiceField<OrderFormValues> name="welcome_reception" label={orderFieldLabels.welcome_reception} required options={yesNo} />
          <ChoiceField<OrderFormValues> name="gala_dinner" label={orderFieldLabels.gala_dinner} required options={yesNo} />
        </Grid>
      </FormSection>
      <Separator />
      <FormSection level="h3" title="Requirements">
        <SelectField<OrderFormValues>
          name="dietary_requirements"
          label={orderFieldLabels.dietary_requirements}
          options={dietaryOptions.map((d) => ({ value: d, label: d }))}
          placeholder="None"
        />
        <TextAreaField<OrderFormValues> name="other_dietary_requirements_allergies" label={orderFieldLabels.other_dietary_requirements_allergies} rows={2} />
        <TextAreaField<OrderFormValues> name="special_assistance_requirements" label={orderFieldLabels.special_assistance_requirements} rows={2} />
      </FormSection>
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Step 4

type Uploads = ReturnType<typeof useUploads>;

function PassportFile({ uploads, onRemove }: { uploads: Uploads; onRemove: () => void }) {
  const { control, formState } = useFormContext<OrderFormValues>();
  const [id, name] = useWatch({ control, name: ['front_page_of_the_passport', 'passport_file_name'] });
  const error = (formState.errors.front_page_of_the_passport as { message?: string } | undefined)?.message;
  return (
    <Stack gap="3" data-invalid={error ? '' : undefined}>
      <Text fontWeight="medium">
        {orderFieldLabels.front_page_of_the_passport}{' '}
        <Box as="span" color="red.600" aria-hidden="true">
          *
        </Box>
      </Text>
      {!id && <FileDropZone purpose="passport" maxFiles={1} remaining={uploads.active > 0 ? 0 : 1} onFiles={uploads.start} label="Choose the passport page" />}
      <UploadTasks tasks={uploads.tasks} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      <StoredFiles files={id ? [{ id, name: name || 'Passport front page' }] : []} label="Passport page of this order" empty="No file yet: a scan or photo of the page with your photo." onRemove={() => onRemove()} />
      {error && (
        <Text color="red.600" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export function TravelStep({ options, uploads, onRemovePassport }: { options: OrderOptions; uploads: Uploads; onRemovePassport: () => void }) {
  const { control } = useFormContext<OrderFormValues>();
  const [visa, hotel] = useWatch({ control, name: ['visa_required', 'hotel_book_required'] });
  const countries = options.country_regions.map((c) => ({ value: c, label: c }));
  // Chosen by country ("China +86"); the value kept is the code the server offers.
  const prefixes = phonePrefixOptions(options.phone_number_prefixes);
  return (
    <Stack gap="8">
      <FormSection level="h3" title="Passport">
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <TextField<OrderFormValues> name="full_name_as_on_passport" label={orderFieldLabels.full_name_as_on_passport} required autoComplete="name" />
          <SelectField<OrderFormValues> name="gender" label={orderFieldLabels.gender} required options={genders.map((g) => ({ value: g, label: g }))} />
          <SelectField<OrderFormValues> name="nationality" label={orderFieldLabels.nationality} required options={countries} />
        </Grid>
      </FormSection>
      <Separator />
      <FormSection level="h3" title="Visa support letter" description="If you need a visa for China, we send you a letter of invitation for the embassy.">
        <ChoiceField<OrderFormValues> name="visa_required" label={orderFieldLabels.visa_required} required options={yesNo} />
        {visa === '1' && (
          <Stack gap="4">
            <TextField<OrderFormValues> name="for_visa_support_letter" label={orderFieldLabels.for_visa_support_letter} />
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
              <TextField<OrderFormValues> name="date_of_birth" label={orderFieldLabels.date_of_birth} type="date" required autoComplete="bday" />
              <TextField<OrderFormValues> name="passport_number" label={orderFieldLabels.passport_number} required />
              <TextField<OrderFormValues> name="issue_date_of_passport" label={orderFieldLabels.issue_date_of_passport} type="date" required />
              <TextField<OrderFormValues> name="expiry_date_of_passport" label={orderFieldLabels.expiry_date_of_passport} type="date" required />
              <SelectField<OrderFormValues> name="phone_number_prefix" label={orderFieldLabels.phone_number_prefix} options={prefixes} autoComplete="tel-country-code" />
              <TextField<OrderFormValues> name="phone_number" label={orderFieldLabels.phone_number} type="tel" required autoComplete="tel-national" inputMode="tel" />
            </Grid>
            <PassportFile uploads={uploads} onRemove={onRemovePassport} />
            <TextAreaField<OrderFormValues> name="other_info_required_by_chinese_embassy_for_visa_support" label={orderFieldLabels.other_info_required_by_chinese_embassy_for_visa_support} rows={3} />
          </Stack>
        )}
      </FormSection>
      <Separator />
      <FormSection level="h3"
        title="Hotel"
        description="Rooms at the congress hotel are paid at the hotel, in CNY, and confirmed only after your order is paid. Prices are per room and night."
      >
        <ChoiceField<OrderFormValues> name="hotel_book_required" label={orderFieldLabels.hotel_book_required} required options={yesNo} />
        {hotel === '1' && <HotelRooms />}
      </FormSection>
    </Stack>
  );
}

function HotelRooms() {
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
        <TextField<OrderFormValues> name="check_in_date" label={orderFieldLabels.check_in_date} type="date" required helper={`From ${earliestCheckIn}.`} />
        <TextField<OrderFormValues> name="check_out_date" label={orderFieldLabels.check_out_date} type="date" required helper={`Until ${latestCheckOut}.`} />
      </Grid>
      <ScrollTable label="Hotel rooms" size="sm" aria-label="Hotel rooms">
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>Room</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Per night</Table.ColumnHeader>
            <Table.ColumnHeader w="28">Rooms</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {registration2024.hotelRooms.map((room) => (
            <Table.Row key={room.field}>
              <Table.Cell>{room.label}</Table.Cell>
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
            {estimate.rooms} {estimate.rooms === 1 ? 'room' : 'rooms'} x {estimate.nights} {estimate.nights === 1 ? 'night' : 'nights'} ({formatCstDayRange(values.check_in_date, values.check_out_date)}):
            about <strong>{cny(estimate.total)}</strong>, paid at the hotel.
          </Text>
        ) : (
          <Text color="gray.700">Choose your dates and at least one room to see the price of your stay.</Text>
        )}
      </Box>
      <TextAreaField<OrderFormValues> name="other_room_request" label={orderFieldLabels.other_room_request} rows={2} />
    </Stack>
  );
}

function RoomCount({ field }: { field: RoomField }) {
  const { register, formState } = useFormContext<OrderFormValues>();
  const error = (formState.errors[field] as { message?: string } | undefined)?.message;
  return (
    <Box>
      <chakra.select
        {...register(field)}
        aria-label={orderFieldLabels[field]}
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
  /** What the order buys (the lines are priced as the server prices them). */
  selection?: PricedSelection;
}

/** One width for every label of the summary, so that the amounts stand in one column. */
const labelWidth = { base: '11.5rem', md: '13rem' };

function OrderSummary({ order }: { order: PayableOrder }) {
  return (
    <DataList.Root orientation="horizontal" size="md" data-testid="order-summary">
      <DataList.Item>
        <DataList.ItemLabel minW={labelWidth}>Order</DataList.ItemLabel>
        <DataList.ItemValue>{order.order_no}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel minW={labelWidth}>Status</DataList.ItemLabel>
        <DataList.ItemValue>{order.status_name}</DataList.ItemValue>
      </DataList.Item>
      {order.selection &&
        priceLines(order.selection).map((line) => (
          <DataList.Item key={line.name}>
            <DataList.ItemLabel minW={labelWidth}>{line.name}</DataList.ItemLabel>
            <DataList.ItemValue>
              {line.quantity > 1 ? `${line.quantity} x ${usd(line.unitAmount)} = ${usd(line.unitAmount * line.quantity)}` : usd(line.unitAmount)}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      <DataList.Item>
        <DataList.ItemLabel minW={labelWidth}>Total</DataList.ItemLabel>
        <DataList.ItemValue fontWeight="bold">{formatWireUsd(order.amount_required)}</DataList.ItemValue>
      </DataList.Item>
    </DataList.Root>
  );
}

export function PaymentStep(props: { order: PayableOrder | null; onCard: () => Promise<void>; onTransfer: () => void }) {
  const [busy, setBusy] = useState(false);
  const bank = useBankAccount();
  return (
    <Stack gap="6">
      {props.order && <OrderSummary order={props.order} />}
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <Card.Root>
          <Card.Body gap="3">
            <Heading as="h3" size="md">
              Card
            </Heading>
            <Text color="gray.700">Pay now on the secure page of our card payment provider. The order is paid as soon as the payment succeeds.</Text>
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
              Pay by card
            </Button>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Body gap="3">
            <Heading as="h3" size="md">
              Bank transfer
            </Heading>
            {bank.isPending ? (
              <Text color="gray.700">Looking up the congress bank account...</Text>
            ) : bank.data?.bank_account ? (
              <>
                <Text color="gray.700">Transfer the total to the congress account. The registration office checks your transfer and then marks the order paid.</Text>
                <Button variant="outline" colorPalette="brand" onClick={props.onTransfer}>
                  Bank Transfer Payment
                </Button>
              </>
            ) : (
              <Text color="gray.700" data-testid="transfer-closed">
                Bank transfer opens when the registration office publishes the congress bank account. Please pay by card, or come back later: your order stays saved.
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      </Grid>
    </Stack>
  );
}

export function TransferStep(props: { order: PayableOrder | null; onChoice: (type: 'later' | 'done') => Promise<void> }) {
  const facts = useConference();
  const account = useBankAccount().data?.bank_account;
  const [busy, setBusy] = useState<'later' | 'done' | null>(null);
  const details: [string, string][] = account
    ? [
        ['Beneficiary', account.beneficiary],
        ['Beneficiary address', account.beneficiary_address],
        ['Bank', account.bank],
        ['Bank address', account.bank_address],
        ['Account number / IBAN', account.account_number],
        ['SWIFT/BIC', account.swift],
        ['Currency', account.currency],
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
            Payment reference (write it in your transfer)
          </Text>
          <Text fontSize="2xl" fontWeight="bold" fontFamily="mono" data-testid="transfer-reference">
            {props.order.reference}
          </Text>
          <Text mt="2">
            Amount: <strong>{formatWireUsd(props.order.amount_required)}</strong>
          </Text>
        </Box>
      )}
      {facts.data && <Text>{facts.data.bankTransfer.instructions}</Text>}
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
        <FormAlert status="info" title="Bank transfer is not open yet.">
          The registration office has not published the congress bank account yet. Please pay by card, or choose Pay later and come back.
        </FormAlert>
      )}
      <Text color="gray.700">
        Choose <strong>Done</strong> once you have made the transfer: the order then shows &ldquo;Checking&rdquo; until the registration office has found your payment.
        Choose <strong>Pay later</strong> to keep the order unpaid for now.
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button variant="outline" loading={busy === 'later'} disabled={busy !== null} onClick={() => void choose('later')}>
          Pay later
        </Button>
        <Button colorPalette="brand" loading={busy === 'done'} disabled={busy !== null || !account} onClick={() => void choose('done')}>
          Done
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The registration wizard (spec sections 2 and 4): /registration/submission (new order, or the
 * payment step of an order with ?checksum=), /registration/submission-edit/{id} (edit).
 * Six steps: 1 information, 2 fees, 3 personal details, 4 passport, visa and hotel (Submit saves
 * the order), 5 payment choice, 6 bank transfer. Next validates the step it leaves with the shared
 * schema and scrolls to the first invalid field. What the delegate types is kept as a draft, so a
 * reload or a failed submit loses nothing.
 */
import { Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { orderMessages } from '#core/orders/schemas';
import { FormAlert } from '../../components/form/form-alert';
import { FormStack } from '../../components/form/form-stack';
import { scrollToFirstError } from '../../components/form/scroll-to-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { useDraft } from '../../components/form/use-draft';
import { Page, PageSkeleton } from '../../components/page';
import { QueryError } from '../../components/query-error';
import { ProgressSteps } from '../../components/ui/progress-steps';
import { toaster } from '../../components/ui/toaster';
import { useUploads } from '../../components/upload/use-uploads';
import { paths } from '../../config/paths';
import { isCancelled } from '../../lib/api-client';
import { usePersonInfo } from '../account/api';
import { orderApi, orderKeys, useOrder, useOrderByChecksum, useOrderOptions, useOrders } from './api';
import { orderEditFrame, orderWizardFrame, wizardLead } from './order-wizard-frame';
import { blankOrderForm, formFromDetail, recheckField, validateStep, wireForm, type DataStep, type OrderFormValues } from './order-form';
import { useIssueMessage, useLocalise, useT } from '../../i18n/i18n';
import type { MessageId } from '#core/i18n/messages';
import { statusNameIds } from './status-names';
import { FeesStep, InformationStep, PaymentStep, PersonalStep, TransferStep, TravelStep, type PayableOrder } from './order-steps';

const stepNameIds: MessageId[] = [
  'registration.wizard.stepInformation',
  'registration.wizard.stepFees',
  'registration.wizard.stepPersonal',
  'registration.wizard.stepTravel',
  'registration.wizard.stepPayment',
  'registration.wizard.stepTransfer',
];

/** The edit route without an id: the spec's message, then the new-order wizard. */
function MissingId() {
  const navigate = useNavigate();
  const localise = useLocalise();
  useEffect(() => {
    toaster.error({ title: localise(orderMessages.idRequired) });
    navigate(paths.registrationNew, { replace: true });
  }, []);
  return null;
}

/** A wizard that cannot go on: why, and the way back to the list (under the wizard's lead, as its HTML painted it). */
function BackToList(props: { title: string; status: 'warning' | 'info'; message: string; children?: ReactNode }) {
  const t = useT();
  return (
    <Page title={props.title} lead={wizardLead} width="wide">
      <Stack gap="4">
        <FormAlert status={props.status} title={props.message}>
          {props.children}
        </FormAlert>
        <Box>
          <Button asChild colorPalette="brand">
            <RouterLink to={paths.registrationList}>{t('registration.wizard.backToList')}</RouterLink>
          </Button>
        </Box>
      </Stack>
    </Page>
  );
}

export default function OrderWizardRoute() {
  const { id } = useParams();
  const { pathname } = useLocation();
  if (pathname.startsWith(paths.registrationEditNoId) && !id) return <MissingId />;
  return <OrderWizard key={id ?? 'new'} id={id} />;
}

function OrderWizard({ id }: { id: string | undefined }) {
  const [params] = useSearchParams();
  const checksum = params.get('checksum') ?? undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  const localise = useLocalise();
  const say = useIssueMessage();
  const stepNames = stepNameIds.map((stepId) => t(stepId));
  // Step 3 starts from the profile as it is now (it may have changed since the login, here or elsewhere).
  const info = usePersonInfo({ fresh: true });
  const profileRead = info.isFetchedAfterMount || info.isError;
  const options = useOrderOptions();
  const detail = useOrder(id);
  const orders = useOrders();
  const byChecksum = useOrderByChecksum(id ? undefined : checksum);
  const formRef = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState(1);
  const [filled, setFilled] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<PayableOrder | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<OrderFormValues>({ defaultValues: blankOrderForm(), shouldFocusError: false });
  const status = id ? detail.data?.order.payment_status : byChecksum.data?.payment_status;
  const paidEdit = Boolean(id) && status === 1;
  const fromPaymentLink = Boolean(checksum) && !id;
  // A draft is typed over one version and status of the order: one typed while it was unpaid is not
  // restored once it is paid (only step 4 could still change).
  const draftBase = id ? (detail.data ? `${detail.data.order.updated_at}|${detail.data.order.payment_status}` : null) : null;
  const draft = useDraft(form, info.data && !fromPaymentLink ? `order:${info.data.id}:${id ?? 'new'}` : null, draftBase);
  const uploads = useUploads('passport', {
    onUploaded: (file) => {
      form.setValue('front_page_of_the_passport', file.id, { shouldDirty: true });
      form.setValue('passport_file_name', file.name, { shouldDirty: true });
      form.clearErrors('front_page_of_the_passport');
      toaster.success({ title: t('registration.wizard.uploaded', { name: file.name }) });
    },
    onFailed: (name, message) => toaster.error({ title: t('registration.wizard.uploadFailed', { name }), description: message }),
  });

  // After a refused Next, a field marked wrong is checked again as it changes (the step's schema, as
  // Next checks it): its message goes once it is right, and the step's notice once none is left.
  useEffect(() => {
    if (step < 2 || step > 4) return;
    const subscription = form.watch((_, { name }) => {
      const field = name?.split('.')[0];
      if (!field || !form.getFieldState(field as never).error) return;
      if (!recheckField(form, step as DataStep, field, say)) setFailure(null);
    });
    return () => subscription.unsubscribe();
  }, [form, step]);

  // Fill the form once: a saved order's fields (edit) or the profile (new), then any draft over it.
  useEffect(() => {
    if (filled || fromPaymentLink || !info.data || (!id && !profileRead) || (id && !detail.data)) return;
    const base = id ? formFromDetail(detail.data!.detail) : blankOrderForm(info.data);
    const restored = draft.restore(base);
    form.reset({ ...base, ...restored });
    if (id) {
      const order = detail.data!.order;
      setSaved({ id: order.id, order_no: order.order_no, reference: order.reference, amount_required: order.amount_required, status_name: order.status_name, status: order.payment_status, selection: order });
      // A paid order opens at step 4, the only step it may change.
      if (order.payment_status === 1) setStep(4);
      else if (Object.keys(restored).length) setStep(2);
    } else if (Object.keys(restored).length) setStep(2);
    setFilled(true);
  }, [info.data, profileRead, detail.data, id, filled, fromPaymentLink]);

  // A payment link (?checksum=) opens the order at step 5.
  useEffect(() => {
    if (!byChecksum.data) return;
    const o = byChecksum.data;
    setSaved({ id: o.id, order_no: o.order_no, reference: o.reference, amount_required: o.amount_required, status_name: o.status_name, status: o.payment_status, selection: o });
    setStep((s) => (s === 6 ? 6 : 5));
    setTimeout(() => document.getElementById('wizard-step-title')?.focus(), 0);
  }, [byChecksum.data]);

  // Loading the order failed: say so and start again at step 1 (a new order, the profile and any draft).
  useEffect(() => {
    if (!byChecksum.isError) return;
    toaster.error({ title: t('registration.wizard.detailsFailed'), description: (byChecksum.error as Error).message });
    setStep(1);
    if (!saved) navigate(paths.registrationNew, { replace: true });
  }, [byChecksum.isError]);

  const go = (next: number) => {
    setFailure(null);
    setStep(next);
    setTimeout(() => document.getElementById('wizard-step-title')?.focus(), 0);
  };

  const next = () => {
    if (step === 1) return go(2);
    if (!validateStep(form, step as DataStep, say)) {
      setFailure(t('registration.wizard.fieldsNeedAttention'));
      scrollToFirstError(formRef.current);
      return;
    }
    go(step + 1);
  };

  /** Step 4's Submit: every step is checked again (a draft may hold an old step), then the order is saved. */
  const submit = async () => {
    setFailure(null);
    // A paid order changes step 4 only: its other steps are not shown and not sent as changes.
    for (const s of paidEdit ? ([4] as const) : ([2, 3, 4] as const)) {
      if (!validateStep(form, s, say)) {
        if (s !== step) setStep(s);
        setFailure(t('registration.wizard.fieldsNeedAttention'));
        scrollToFirstError(formRef.current);
        return;
      }
    }
    const body = wireForm(form.getValues());
    setSubmitting(true);
    // Once saved, the order is updated, never created again (e.g. after a failed reload of step 5).
    const orderId = id ?? saved?.id;
    try {
      if (!orderId) {
        const { data, message } = await orderApi.create(body);
        draft.clear();
        toaster.success({ title: message });
        await queryClient.invalidateQueries({ queryKey: orderKeys.list });
        setSaved({ id: data.id, order_no: data.order_no, reference: '', amount_required: data.amount_required, status_name: 'Unpaid', status: 0 });
        navigate(`${paths.registrationNew}?checksum=${encodeURIComponent(data.checksum)}`, { replace: true });
        return;
      }
      const opened = id && detail.data ? { updated_at: detail.data.order.updated_at, payment_status: detail.data.order.payment_status } : undefined;
      const { data, message } = await orderApi.update(orderId, body, opened);
      draft.clear();
      draft.restore(form.getValues()); // typing on from here is a draft of the new version
      toaster.success({ title: message });
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      if (paidEdit) return; // a paid order: success, and stay
      const selection = { rate: Number(body.rate), accompanying_person: Number(body.accompanying_person), post_conference_activities_person: Number(body.post_conference_activities_person) };
      setSaved((s) => (s ? { ...s, amount_required: data.amount_required, selection } : s));
      go(5);
    } catch (error) {
      const message = applyServerErrors(error, form.setError, Object.keys(form.getValues()));
      if (message === null) return;
      setFailure(message);
      scrollToFirstError(formRef.current);
    } finally {
      setSubmitting(false);
    }
  };

  const payByCard = async () => {
    if (!saved) {
      toaster.error({ title: localise(orderMessages.submitFirst) });
      return;
    }
    try {
      const { url } = await orderApi.checkout(saved.id, `${window.location.origin}${paths.registrationList}?payment=cancelled`);
      window.location.assign(url);
    } catch (error) {
      if (!isCancelled(error)) toaster.error({ title: t('registration.wizard.operationFailed'), description: (error as Error).message });
    }
  };

  const chooseTransfer = async (type: 'later' | 'done') => {
    if (!saved) {
      toaster.error({ title: localise(orderMessages.submitFirst) });
      return;
    }
    try {
      const { message } = await orderApi.transfer(saved.id, type);
      toaster.success({ title: message });
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      navigate(paths.registrationList);
    } catch (error) {
      if (!isCancelled(error)) toaster.error({ title: t('registration.wizard.operationFailed'), description: (error as Error).message });
    }
  };

  const removePassport = async () => {
    const fileId = form.getValues('front_page_of_the_passport');
    const savedId = detail.data?.detail.front_page_of_the_passport;
    try {
      if (fileId && fileId !== savedId) await orderApi.removePendingFile(fileId);
    } catch (error) {
      if (!isCancelled(error)) toaster.error({ title: t('registration.wizard.operationFailed'), description: (error as Error).message });
      return;
    }
    form.setValue('front_page_of_the_passport', '', { shouldDirty: true });
    form.setValue('passport_file_name', '', { shouldDirty: true });
  };

  const title = id ? t('registration.wizard.editTitle') : t('registration.wizard.title');
  const loading = !options.data || (fromPaymentLink ? byChecksum.isPending : !filled);
  // The filled wizard renders in a deferred, interruptible pass once its data is there (React cuts
  // it into short tasks): the skeleton under the painted title stays until then, and a slow phone
  // meets no long task for the whole step.
  const rendered = useDeferredValue(!loading, false);
  if (options.isError) return <QueryError error={options.error} title={t('registration.wizard.optionsFailed')} onRetry={() => void options.refetch()} />;
  if (detail.isError && !detail.data) {
    return (
      <Page title={title}>
        <Stack gap="4">
          <FormAlert status="error" title={t('registration.wizard.detailFailed')}>
            {(detail.error as Error).message}
          </FormAlert>
          <HStack gap="3">
            <Button variant="outline" onClick={() => void detail.refetch()}>
              {t('registration.wizard.tryAgain')}
            </Button>
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.registrationList}>{t('registration.wizard.backToList')}</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Page>
    );
  }
  if (loading || !rendered) return <PageSkeleton {...(id ? orderEditFrame : orderWizardFrame)} title={title} />;

  // Only an unpaid order may be paid or edited in full; a paid one only in its step 4 (edit route).
  const locked = status !== undefined && status !== 0 && !paidEdit;
  if (locked) {
    return (
      <BackToList title={title} status="warning" message={localise(orderMessages.editNotAllowed)}>
        {saved ? t('registration.wizard.orderIs', { orderNo: saved.order_no, status: saved.status !== undefined && statusNameIds[saved.status] ? t(statusNameIds[saved.status]!) : saved.status_name }) : null}
      </BackToList>
    );
  }

  // A new order that the server would refuse on Submit: say why before four steps are filled in.
  const refusal = !id && !saved && !fromPaymentLink && orders.data?.new_order.message ? localise(orders.data.new_order.message) : null;
  if (refusal) return <BackToList title={title} status="info" message={refusal} />;

  const hidePrevious = paidEdit || Boolean(checksum) || step === 1;
  const steps = paidEdit ? stepNames.slice(0, 4) : stepNames;

  return (
    <Page title={title} width="wide" lead={wizardLead}>
      <Stack gap="6">
        <ProgressSteps steps={steps} current={step - 1} />
        <Card.Root>
          <Card.Body>
            <FormProvider {...form}>
              <FormStack
                ref={formRef}
                noValidate
                aria-labelledby="wizard-step-title"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (step === 4) void submit();
                  else if (step < 4) next();
                }}
              >
                <Stack gap="1">
                  {saved && (
                    <Text fontSize="sm" color="gray.700">
                      {t('registration.wizard.orderNo', { orderNo: saved.order_no })}
                    </Text>
                  )}
                  <Text as="h2" id="wizard-step-title" tabIndex={-1} outline="none" fontSize="xl" fontWeight="bold" color="brand.fg">
                    {t('registration.wizard.stepTitle', { step, name: stepNames[step - 1] ?? '' })}
                  </Text>
                </Stack>
                {failure && (
                  <FormAlert status="error" title={t('registration.wizard.checkForm')}>
                    {failure}
                  </FormAlert>
                )}
                {draft.restored && step <= 4 && (
                  <FormAlert status="info" title={t('registration.wizard.restored')}>
                    <Button size="xs" variant="outline" mt="2" onClick={() => {
                      draft.clear();
                      const base = id && detail.data ? formFromDetail(detail.data.detail) : blankOrderForm(info.data);
                      form.reset(base);
                      draft.restore(base);
                      document.getElementById('wizard-step-title')?.focus();
                    }}>
                      {t('registration.wizard.discard')}
                    </Button>
                  </FormAlert>
                )}
                {step === 1 && <InformationStep />}
                {step === 2 && <FeesStep frozen={paidEdit} />}
                {step === 3 && <PersonalStep options={options.data!} />}
                {step === 4 && <TravelStep options={options.data!} uploads={uploads} onRemovePassport={() => void removePassport()} />}
                {step === 5 && <PaymentStep order={saved} onCard={payByCard} onTransfer={() => (saved ? go(6) : toaster.error({ title: localise(orderMessages.submitFirst) }))} />}
                {step === 6 && <TransferStep order={saved} onChoice={chooseTransfer} />}

                <HStack gap="3" wrap="wrap" pt="2">
                  {!hidePrevious && step <= 6 && (
                    <Button variant="outline" onClick={() => go(step - 1)}>
                      {t('registration.wizard.previous')}
                    </Button>
                  )}
                  {step < 4 && (
                    <Button type="submit" colorPalette="brand">
                      {t('registration.wizard.next')}
                    </Button>
                  )}
                  {step === 4 && (
                    <Button type="submit" colorPalette="brand" loading={submitting} disabled={uploads.active > 0}>
                      {t('registration.wizard.submit')}
                    </Button>
                  )}
                  {step === 4 && uploads.active > 0 && (
                    <Text fontSize="sm" color="gray.700">
                      {t('registration.wizard.waitUpload')}
                    </Text>
                  )}
                  <Button asChild variant="ghost">
                    <RouterLink to={paths.registrationList}>{t('registration.list.title')}</RouterLink>
                  </Button>
                </HStack>
              </FormStack>
            </FormProvider>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Page>
  );
}

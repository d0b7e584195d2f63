/**
 * The door of the office and of the programme committee: set up an authenticator app on the first visit (QR code and the secret as
 * text, one code to confirm, then ten recovery codes shown once), afterwards one code per office
 * session (or a recovery code).
 */
import { Alert, Box, Button, Card, Checkbox, Field, HStack, Image, Input, List, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, isCancelled } from '../../lib/api-client';
import { FormAlert } from '../form/form-alert';
import { FormStack } from '../form/form-stack';
import { toaster } from '../ui/toaster';
import { useT } from '../../i18n/i18n';
import type { Translate } from '#core/i18n/messages';
import { secondFactorApi, secondFactorKey } from './api';

const failureOf = (t: Translate, error: unknown) => (isCancelled(error) ? null : error instanceof ApiError ? error.message : t('api.account.requestFailure'));

/** The 6-digit code field (numeric keyboard on phones, the browser may fill a code it received). */
function CodeField(props: { value: string; onChange: (v: string) => void; error?: string | null }) {
  const t = useT();
  return (
    <Field.Root invalid={Boolean(props.error)} required>
      <Field.Label>
        {t('office.secondFactor.codeLabel')}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        width="10rem"
        fontFamily="mono"
        fontSize="lg"
        letterSpacing="widest"
      />
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

async function copy(t: Translate, text: string, copied: string) {
  try {
    await navigator.clipboard.writeText(text);
    toaster.success({ title: copied });
  } catch {
    toaster.error({ title: t('office.secondFactor.copyFailed'), description: t('office.secondFactor.copyByHand') });
  }
}

/** The secret in groups of four, as authenticator apps ask for it when typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function Enrol() {
  const t = useT();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!setup) return;
    let live = true;
    void import('qrcode').then(({ toDataURL }) => toDataURL(setup.otpauth_uri, { margin: 1, width: 220 })).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [setup]);

  const start = async () => {
    setFailure(null);
    setBusy(true);
    try {
      setSetup(await secondFactorApi.startEnrolment());
    } catch (error) {
      setFailure(failureOf(t, error));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const { data } = await secondFactorApi.confirmEnrolment(code);
      setCodes(data.recovery_codes);
    } catch (error) {
      setFailure(failureOf(t, error));
    } finally {
      setBusy(false);
    }
  };

  if (codes) {
    const text = [t('office.secondFactor.fileTitle'), t('office.secondFactor.fileLead'), '', ...codes].join('\n');
    return (
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">{t('office.secondFactor.codesTitle')}</Card.Title>
          <Card.Description>{t('office.secondFactor.codesLead')}</Card.Description>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <List.Root as="ol" aria-label={t('office.secondFactor.codesList')} ps="6" fontFamily="mono" fontSize="lg" columns={{ base: 1, sm: 2 }} gap="1">
              {codes.map((c) => (
                <List.Item key={c}>{c}</List.Item>
              ))}
            </List.Root>
            <HStack gap="3" wrap="wrap">
              <Button variant="outline" onClick={() => void copy(t, codes.join('\n'), t('office.secondFactor.codesCopied'))}>
                {t('office.secondFactor.copyCodes')}
              </Button>
              <Button asChild variant="outline">
                <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="iacr2024-office-recovery-codes.txt">
                  {t('office.secondFactor.downloadCodes')}
                </a>
              </Button>
            </HStack>
            <Checkbox.Root checked={saved} onCheckedChange={(e) => setSaved(e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('office.secondFactor.codesSaved')}</Checkbox.Label>
            </Checkbox.Root>
            <Box>
              <Button disabled={!saved} onClick={() => void queryClient.invalidateQueries({ queryKey: secondFactorKey })}>
                {t('office.secondFactor.openRegistrationOffice')}
              </Button>
            </Box>
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('office.secondFactor.enrolTitle')}</Card.Title>
        <Card.Description>{t('office.secondFactor.enrolLead')}</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {failure && <FormAlert status="error" title={t('account.systemTips')}>{failure}</FormAlert>}
          {!setup ? (
            <Box>
              <Button onClick={() => void start()} loading={busy}>
                {t('office.secondFactor.showQrCode')}
              </Button>
            </Box>
          ) : (
            <FormStack gap="5" onSubmit={(e) => void confirm(e)} aria-label={t('office.secondFactor.confirmForm')} noValidate>
              <Text>{t('office.secondFactor.scanStep')}</Text>
              <Box width="220px" height="220px" borderWidth="1px" borderRadius="md" bg="white">
                {qr && <Image src={qr} alt={t('office.secondFactor.qrAlt')} width="220px" height="220px" />}
              </Box>
              <Stack gap="1">
                <Text>{t('office.secondFactor.typeKeyStep')}</Text>
                <HStack gap="3" wrap="wrap">
                  <Box as="code" fontFamily="mono" fontSize="md" bg="gray.100" borderRadius="sm" px="2" py="1" data-testid="totp-secret" wordBreak="break-all">
                    {grouped(setup.secret)}
                  </Box>
                  <Button size="sm" variant="outline" onClick={() => void copy(t, setup.secret, t('office.secondFactor.keyCopied'))}>
                    {t('office.secondFactor.copyKey')}
                  </Button>
                </HStack>
              </Stack>
              <Text>{t('office.secondFactor.enterStep')}</Text>
              <CodeField value={code} onChange={setCode} />
              <Box>
                <Button type="submit" loading={busy}>
                  {t('office.secondFactor.confirm')}
                </Button>
              </Box>
            </FormStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The code form; `reason` and `openLabel` say whose door it is (the office's by default). */
export function Verify(props: { recoveryCodesLeft: number; reason?: string; openLabel?: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const { message } = await secondFactorApi.verify(useRecovery ? { recovery_code: value } : { code: value });
      toaster.success({ title: message });
      await queryClient.invalidateQueries({ queryKey: secondFactorKey });
    } catch (error) {
      setFailure(failureOf(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root maxW="lg">
      <Card.Header>
        <Card.Title as="h2">{t('office.secondFactor.verifyTitle')}</Card.Title>
        <Card.Description>{props.reason ?? t('office.secondFactor.verifyLead')}</Card.Description>
      </Card.Header>
      <Card.Body>
        <FormStack gap="4" onSubmit={(e) => void submit(e)} aria-label={t('office.secondFactor.verifyForm')} noValidate>
          {failure && <FormAlert status="error" title={t('account.systemTips')}>{failure}</FormAlert>}
          {useRecovery ? (
            <Field.Root required invalid={Boolean(failure)}>
              <Field.Label>
                {t('office.secondFactor.recoveryCode')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" fontFamily="mono" maxW="14rem" />
              <Field.HelperText>{t('office.secondFactor.codesLeft', { count: props.recoveryCodesLeft })}</Field.HelperText>
            </Field.Root>
          ) : (
            <CodeField value={value} onChange={setValue} />
          )}
          <HStack gap="3" wrap="wrap">
            <Button type="submit" loading={busy}>
              {props.openLabel ?? t('office.secondFactor.openOffice')}
            </Button>
            <Button
              variant="plain"
              color="brand.fg"
              textDecoration="underline"
              onClick={() => {
                setUseRecovery(!useRecovery);
                setValue('');
                setFailure(null);
              }}
            >
              {useRecovery ? t('office.secondFactor.useApp') : t('office.secondFactor.useRecovery')}
            </Button>
          </HStack>
          {useRecovery && props.recoveryCodesLeft === 0 && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>{t('office.secondFactor.noCodesLeft')}</Alert.Description>
            </Alert.Root>
          )}
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}

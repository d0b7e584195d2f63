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
import { secondFactorApi, secondFactorKey } from './api';

const failureOf = (error: unknown) => (isCancelled(error) ? null : error instanceof ApiError ? error.message : 'request failure.');

/** The 6-digit code field (numeric keyboard on phones, the browser may fill a code it received). */
function CodeField(props: { value: string; onChange: (v: string) => void; error?: string | null; label?: string }) {
  return (
    <Field.Root invalid={Boolean(props.error)} required>
      <Field.Label>
        {props.label ?? '6-digit code from the app'}
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

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toaster.success({ title: `${what} copied` });
  } catch {
    toaster.error({ title: 'Could not copy', description: 'Select the text and copy it by hand.' });
  }
}

/** The secret in groups of four, as authenticator apps ask for it when typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function Enrol() {
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
      setFailure(failureOf(error));
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
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  if (codes) {
    const text = ['IACR 2024 Beijing registration office: recovery codes', 'Each code opens the office once if you lose your authenticator app.', '', ...codes].join('\n');
    return (
      <Card.Root>
        <Card.Header>
          <Card.Title as="h2">Your recovery codes</Card.Title>
          <Card.Description>Shown only now. Each code opens the office once if you lose your phone: keep them somewhere safe, away from the phone.</Card.Description>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <List.Root as="ol" aria-label="Recovery codes" ps="6" fontFamily="mono" fontSize="lg" columns={{ base: 1, sm: 2 }} gap="1">
              {codes.map((c) => (
                <List.Item key={c}>{c}</List.Item>
              ))}
            </List.Root>
            <HStack gap="3" wrap="wrap">
              <Button variant="outline" onClick={() => void copy(codes.join('\n'), 'Recovery codes')}>
                Copy the codes
              </Button>
              <Button asChild variant="outline">
                <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="iacr2024-office-recovery-codes.txt">
                  Download as a text file
                </a>
              </Button>
            </HStack>
            <Checkbox.Root checked={saved} onCheckedChange={(e) => setSaved(e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>I have saved my recovery codes</Checkbox.Label>
            </Checkbox.Root>
            <Box>
              <Button disabled={!saved} onClick={() => void queryClient.invalidateQueries({ queryKey: secondFactorKey })}>
                Open the registration office
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
        <Card.Title as="h2">Set up your authenticator app</Card.Title>
        <Card.Description>
          The office handles delegates' money and documents, so it asks for a second factor: a 6-digit code from an authenticator app on your phone
          (Google Authenticator, Microsoft Authenticator, 1Password, ...), once per office session.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {failure && <FormAlert status="error" title="System Tips">{failure}</FormAlert>}
          {!setup ? (
            <Box>
              <Button onClick={() => void start()} loading={busy}>
                Show the QR code
              </Button>
            </Box>
          ) : (
            <FormStack gap="5" onSubmit={(e) => void confirm(e)} aria-label="Confirm the authenticator app" noValidate>
              <Text>1. In the app, add an account and scan this code:</Text>
              <Box width="220px" height="220px" borderWidth="1px" borderRadius="md" bg="white">
                {qr && <Image src={qr} alt="QR code for your authenticator app" width="220px" height="220px" />}
              </Box>
              <Stack gap="1">
                <Text>Or type this key into the app (time-based):</Text>
                <HStack gap="3" wrap="wrap">
                  <Box as="code" fontFamily="mono" fontSize="md" bg="gray.100" borderRadius="sm" px="2" py="1" data-testid="totp-secret" wordBreak="break-all">
                    {grouped(setup.secret)}
                  </Box>
                  <Button size="sm" variant="outline" onClick={() => void copy(setup.secret, 'Key')}>
                    Copy the key
                  </Button>
                </HStack>
              </Stack>
              <Text>2. Enter the code the app shows:</Text>
              <CodeField value={code} onChange={setCode} />
              <Box>
                <Button type="submit" loading={busy}>
                  Confirm
                </Button>
              </Box>
            </FormStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export function Verify(props: { recoveryCodesLeft: number; reason?: string }) {
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
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root maxW="lg">
      <Card.Header>
        <Card.Title as="h2">Confirm it is you</Card.Title>
        <Card.Description>{props.reason ?? 'Enter the current code from your authenticator app to open the registration office.'}</Card.Description>
      </Card.Header>
      <Card.Body>
        <FormStack gap="4" onSubmit={(e) => void submit(e)} aria-label="Second factor" noValidate>
          {failure && <FormAlert status="error" title="System Tips">{failure}</FormAlert>}
          {useRecovery ? (
            <Field.Root required invalid={Boolean(failure)}>
              <Field.Label>
                Recovery code
                <Field.RequiredIndicator />
              </Field.Label>
              <Input value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" fontFamily="mono" maxW="14rem" />
              <Field.HelperText>{`You have ${props.recoveryCodesLeft} unused recovery code${props.recoveryCodesLeft === 1 ? '' : 's'}.`}</Field.HelperText>
            </Field.Root>
          ) : (
            <CodeField value={value} onChange={setValue} />
          )}
          <HStack gap="3" wrap="wrap">
            <Button type="submit" loading={busy}>
              Open the office
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
              {useRecovery ? 'Use a code from the app instead' : 'Lost your phone? Use a recovery code'}
            </Button>
          </HStack>
          {useRecovery && props.recoveryCodesLeft === 0 && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>No recovery codes are left: ask another organiser to reset your authenticator (npm run organiser -- reset-second-factor).</Alert.Description>
            </Alert.Root>
          )}
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}

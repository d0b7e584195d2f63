/**
 * Whether the order's delegate attended the congress (until on-site check-in records it): the
 * certificate of attendance needs it. Saved over the version the page shows; audited.
 */
import { Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { Resolver } from 'react-hook-form';
import { attendanceForm, attendanceMessages, attendanceTexts, type AttendanceFormValues } from '#core/office/attendance';
import type { Translate } from '#core/i18n/messages';
import { orderStatusNames, type OrderStatus } from '#core/orders/states';
import type { Attendance } from '#core/orders/ports';
import { formatInstant } from '#core/i18n/format';
import { useLang, useLocalise, useT } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-client';
import { ChoiceField } from '../../components/form/fields';
import { aboutSubject, useDelegateDocuments } from '../documents/api';
import { DocumentDownload } from '../documents/document-download';
import { ActionCard } from './action-card';
import { officeApi, secondFactorKey, type OfficeOrderDetail } from './api';

/** The order's certificate once the delegate has it (issued at their first download after the congress). */
function IssuedCertificate({ detail }: { detail: OfficeOrderDetail }) {
  const t = useT();
  const lang = useLang();
  const owner = detail.order.owner_id as string;
  const docs = useDelegateDocuments(owner);
  const queryClient = useQueryClient();
  const certificate = aboutSubject(docs.data?.items, 'order', detail.order.id).find(
    (d) => d.kind === 'certificate' && !d.replaced_by,
  );
  if (!certificate) return <Text>{t('office.attendance.noCertificate')}</Text>;
  return (
    <Stack gap="2" align="flex-start">
      <Text>{t('office.attendance.issued', { at: formatInstant(lang, certificate.issued_at) })}</Text>
      <DocumentDownload
        doc={certificate}
        owner={owner}
        onError={(error) => {
          // The office session ended: the frame asks for the code again.
          if (error instanceof ApiError && (error.data as { second_factor?: string } | null)?.second_factor)
            void queryClient.invalidateQueries({ queryKey: secondFactorKey });
        }}
      />
    </Stack>
  );
}

const choiceLabels = { yes: 'office.attendance.attended', no: 'office.attendance.notAttended' } as const;

/** Why the attendance cannot be marked (the server's English), in the page's language: by id where it carries a date or the status. */
function markingNote(t: Translate, localise: (message: string) => string, detail: OfficeOrderDetail, message: string | null) {
  const status = detail.order.payment_status as OrderStatus;
  if (message === attendanceMessages.tooEarly) return t(attendanceTexts.tooEarly.id, attendanceTexts.tooEarly.values);
  if (message === attendanceMessages.notRegistered(orderStatusNames[status])) return t(attendanceTexts.notRegistered(status).id, attendanceTexts.notRegistered(status).values);
  return message && localise(message);
}

export function AttendanceCard({ detail }: { detail: OfficeOrderDetail }) {
  const t = useT();
  const lang = useLang();
  const localise = useLocalise();
  const queryClient = useQueryClient();
  const attendance = (detail.order.attendance ?? null) as Attendance | null;
  const version = detail.order.updated_at as string;
  // The form only when the server would take a mark (core/office/attendance.ts `attendanceMarking`).
  const marking = detail.attendance_marking;
  return (
    <Stack gap="3">
      <Text>
        {attendance
          ? t('office.attendance.marked', { state: t(attendance.attended ? choiceLabels.yes : choiceLabels.no), by: attendance.marked_by, at: formatInstant(lang, attendance.marked_at) })
          : t('office.attendance.notMarked')}
      </Text>
      <IssuedCertificate detail={detail} />
      {!marking.open ? (
        <Text color="gray.700">{markingNote(t, localise, detail, marking.message)}</Text>
      ) : (
        <ActionCard<AttendanceFormValues>
          title={t('office.attendance.title')}
          description={t('office.attendance.description')}
          resolver={zodResolver(attendanceForm) as Resolver<AttendanceFormValues>}
          defaults={{ attended: attendance ? (attendance.attended ? 'yes' : 'no') : ('' as never) }}
          fields={
            <ChoiceField<AttendanceFormValues>
              name="attended"
              label={t('office.attendance.question')}
              required
              options={marking.choices.map((value) => ({ value, label: t(choiceLabels[value]) }))}
            />
          }
          submitLabel={t('office.attendance.save')}
          run={(v) => officeApi.markAttendance(detail.order.id, { attended: v.attended === 'yes', version })}
          onDone={() => void queryClient.invalidateQueries({ queryKey: ['office'] })}
        />
      )}
    </Stack>
  );
}

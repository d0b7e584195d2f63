/**
 * Whether the order's delegate attended the congress (until on-site check-in records it): the
 * certificate of attendance needs it. Saved over the version the page shows; audited.
 */
import { Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { Resolver } from 'react-hook-form';
import { attendanceForm, type AttendanceFormValues } from '#core/office/attendance';
import type { Attendance } from '#core/orders/ports';
import { formatCstInstant } from '#core/time';
import { ApiError } from '../../lib/api-client';
import { ChoiceField } from '../../components/form/fields';
import { aboutSubject, useDelegateDocuments } from '../documents/api';
import { DocumentDownload } from '../documents/document-download';
import { ActionCard } from './action-card';
import { officeApi, secondFactorKey, type OfficeOrderDetail } from './api';

/** The order's certificate once the delegate has it (issued at their first download after the congress). */
function IssuedCertificate({ detail }: { detail: OfficeOrderDetail }) {
  const owner = detail.order.owner_id as string;
  const docs = useDelegateDocuments(owner);
  const queryClient = useQueryClient();
  const certificate = aboutSubject(docs.data?.items, 'order', detail.order.id).find(
    (d) => d.kind === 'certificate' && !d.replaced_by,
  );
  if (!certificate) return <Text>No certificate of attendance issued yet.</Text>;
  return (
    <Stack gap="2" align="flex-start">
      <Text>Certificate of attendance issued on {formatCstInstant(certificate.issued_at)}.</Text>
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

const choiceLabels = { yes: 'Attended', no: 'Did not attend' } as const;

export function AttendanceCard({ detail }: { detail: OfficeOrderDetail }) {
  const queryClient = useQueryClient();
  const attendance = (detail.order.attendance ?? null) as Attendance | null;
  const version = detail.order.updated_at as string;
  // The form only when the server would take a mark (core/office/attendance.ts `attendanceMarking`).
  const marking = detail.attendance_marking;
  return (
    <Stack gap="3">
      <Text>
        {attendance
          ? `${attendance.attended ? 'Attended' : 'Did not attend'}: marked by ${attendance.marked_by} on ${formatCstInstant(attendance.marked_at)}.`
          : 'Not marked yet.'}
      </Text>
      <IssuedCertificate detail={detail} />
      {!marking.open ? (
        <Text color="gray.700">{marking.message}</Text>
      ) : (
        <ActionCard<AttendanceFormValues>
          title="Mark attendance"
          description="Whether the delegate came to the congress (until the registration desk's check-in records it). A paid order marked as attended gets its certificate of attendance after the congress ends."
          resolver={zodResolver(attendanceForm) as Resolver<AttendanceFormValues>}
          defaults={{ attended: attendance ? (attendance.attended ? 'yes' : 'no') : ('' as never) }}
          fields={
            <ChoiceField<AttendanceFormValues>
              name="attended"
              label="Did the delegate attend?"
              required
              options={marking.choices.map((value) => ({ value, label: choiceLabels[value] }))}
            />
          }
          submitLabel="Save attendance"
          run={(v) => officeApi.markAttendance(detail.order.id, { attended: v.attended === 'yes', version })}
          onDone={() => void queryClient.invalidateQueries({ queryKey: ['office'] })}
        />
      )}
    </Stack>
  );
}

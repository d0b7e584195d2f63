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
import { ChoiceField } from '../../components/form/fields';
import { ActionCard } from './action-card';
import { officeApi, type OfficeOrderDetail } from './api';

export function AttendanceCard({ detail }: { detail: OfficeOrderDetail }) {
  const queryClient = useQueryClient();
  const attendance = (detail.order.attendance ?? null) as Attendance | null;
  const version = detail.order.updated_at as string;
  return (
    <Stack gap="3">
      <Text>
        {attendance
          ? `${attendance.attended ? 'Attended' : 'Did not attend'}: marked by ${attendance.marked_by} on ${formatCstInstant(attendance.marked_at)}.`
          : 'Not marked yet.'}
      </Text>
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
            options={[
              { value: 'yes', label: 'Attended' },
              { value: 'no', label: 'Did not attend' },
            ]}
          />
        }
        submitLabel="Save attendance"
        run={(v) => officeApi.markAttendance(detail.order.id, { attended: v.attended === 'yes', version })}
        onDone={() => void queryClient.invalidateQueries({ queryKey: ['office'] })}
      />
    </Stack>
  );
}

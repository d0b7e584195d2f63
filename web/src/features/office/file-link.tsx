/**
 * A file's download link in the office (presigned, valid a few minutes): a plain link, since the
 * bucket answers it as an attachment under the file's name.
 */
import { Link } from '@chakra-ui/react';
import type { OfficeFile } from '#core/office/delegates';
import { useT } from '../../i18n/i18n';

export function FileLink({ file }: { file: OfficeFile }) {
  const t = useT();
  return (
    <Link href={file.url} wordBreak="break-all" aria-label={t('office.file.download', { name: file.name })}>
      {file.name}
    </Link>
  );
}

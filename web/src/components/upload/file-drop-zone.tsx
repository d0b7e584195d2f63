/**
 * Where files are chosen: drag and drop, or the file button (keyboard and phone friendly).
 * Checks each file at once with the same rules the server applies (type, size, how many are
 * left) and says what is wrong per file; only acceptable files are handed on.
 */
import { Box, Button, List, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { uploadPurposes } from '#core/config/conference';
import { checkDeclaredFile, fileTypesText, megabytes, uploadMessages, type UploadPurpose } from '#core/uploads/rules';
import { useLocalise, useT } from '../../i18n/i18n';

export function FileDropZone(props: {
  purpose: UploadPurpose;
  /** How many more files may be added now. */
  remaining: number;
  /** How many files the field holds (the passport page of an order: 1); by default the purpose's limit. */
  maxFiles?: number;
  disabled?: boolean;
  label: string;
  onFiles: (files: File[]) => void;
}) {
  const rule = uploadPurposes[props.purpose];
  const t = useT();
  const localise = useLocalise();
  const messages = uploadMessages(props.purpose);
  const maxFiles = props.maxFiles ?? rule.maxCount;
  const single = maxFiles === 1;
  const types = fileTypesText(props.purpose).replace(/ or /g, t('presentations.page.or'));
  const tooMany = single ? t('presentations.drop.onlyOne') : localise(messages.tooMany);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const disabled = props.disabled || props.remaining <= 0;
  const accept = rule.extensions.map((e) => `.${e}`).join(',');

  function take(list: FileList | null) {
    if (!list || disabled) return;
    const accepted: File[] = [];
    const refused: string[] = [];
    for (const file of Array.from(list)) {
      const problem = checkDeclaredFile(props.purpose, file);
      if (problem) refused.push(t('presentations.drop.problem', { name: file.name, problem: localise(problem) }));
      else if (accepted.length >= props.remaining) refused.push(t('presentations.drop.problem', { name: file.name, problem: tooMany }));
      else accepted.push(file);
    }
    setProblems(refused);
    if (accepted.length) props.onFiles(accepted);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };

  return (
    <Stack gap="2">
      <Box
        data-testid={`drop-zone-${props.purpose}`}
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? 'brand.500' : 'gray.300'}
        bg={over ? 'brand.50' : disabled ? 'gray.50' : 'white'}
        rounded="lg"
        px="4"
        py={{ base: '6', md: '8' }}
        textAlign="center"
        transition="background 0.15s"
      >
        <Stack gap="3" align="center">
          <Text fontWeight="semibold" hideBelow="md">
            {single ? t('presentations.drop.dragOne', { types }) : t('presentations.drop.dragMany', { types })}
          </Text>
          <Button colorPalette="brand" variant="outline" disabled={disabled} onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
            {props.label}
          </Button>
          <Text id={hintId} fontSize="sm" color="gray.700">
            {single
              ? t('presentations.drop.hintOne', { types, mb: megabytes(rule.maxBytes) })
              : t('presentations.drop.hintMany', { types, mb: megabytes(rule.maxBytes), max: maxFiles })}
            {/* A single file's place is taken by the upload under way, which shows itself. */}
            {props.remaining <= 0 && !single && ` ${localise(messages.tooMany)}`}
          </Text>
          <VisuallyHidden>
            <input
              ref={inputRef}
              type="file"
              multiple={!single}
              accept={accept}
              tabIndex={-1}
              aria-hidden="true"
              data-testid={`file-input-${props.purpose}`}
              onChange={(e) => {
                take(e.target.files);
                e.target.value = '';
              }}
            />
          </VisuallyHidden>
        </Stack>
      </Box>
      {problems.length > 0 && (
        <Box role="alert" color="red.700" fontSize="sm">
          <List.Root ps="5">
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List.Root>
        </Box>
      )}
    </Stack>
  );
}

/**
 * Where files are chosen: drag and drop, or the file button (keyboard and phone friendly).
 * Checks each file at once with the same rules the server applies (type, size, how many are
 * left) and says what is wrong per file; only acceptable files are handed on.
 */
import { Box, Button, List, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { uploadPurposes } from '#core/config/conference';
import { checkDeclaredFile, fileTypesText, megabytes, uploadMessages, type UploadPurpose } from '#core/uploads/rules';

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
  const messages = uploadMessages(props.purpose);
  const maxFiles = props.maxFiles ?? rule.maxCount;
  const single = maxFiles === 1;
  const types = fileTypesText(props.purpose);
  const tooMany = single ? 'Only one file can be added here.' : messages.tooMany;
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
      if (problem) refused.push(`${file.name}: ${problem}`);
      else if (accepted.length >= props.remaining) refused.push(`${file.name}: ${tooMany}`);
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
            {single ? `Drag and drop a ${types} file here, or` : `Drag and drop ${types} files here, or`}
          </Text>
          <Button colorPalette="brand" variant="outline" disabled={disabled} onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
            {props.label}
          </Button>
          <Text id={hintId} fontSize="sm" color="gray.700">
            {single
              ? `One file: ${types}, up to ${megabytes(rule.maxBytes)} MB.`
              : `${types}, up to ${megabytes(rule.maxBytes)} MB each, at most ${maxFiles} files.`}
            {/* A single file's place is taken by the upload under way, which shows itself. */}
            {props.remaining <= 0 && !single && ` ${messages.tooMany}`}
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

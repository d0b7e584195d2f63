/**
 * The phone's rear camera, read for QR codes a few times a second while `paused` is false. A code
 * is reported again only after 4 s (another code at once), so a ticket left in the frame after its
 * answer is not scanned again at once (the next person's is).
 */
import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { createQrReader, type QrReader } from './qr-reader';

const READ_EVERY_MS = 150;
const SAME_CODE_MS = 4_000;
/** The last code read, across the scanner's mounts (it is unmounted while an answer shows). */
let last = { text: '', at: 0 };

export function CameraScanner({ onRead, paused }: { onRead: (text: string) => void; paused: boolean }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ onRead, paused });
  latest.current = { onRead, paused };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let reader: QrReader | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = async () => {
      if (stopped) return;
      if (!latest.current.paused && reader && video.current) {
        try {
          const text = await reader(video.current);
          const now = Date.now();
          if (
            text &&
            !stopped &&
            !latest.current.paused &&
            (text !== last.text || now - last.at > SAME_CODE_MS)
          ) {
            last = { text, at: now };
            latest.current.onRead(text);
          }
        } catch {
          // A frame that could not be read: the next one will be.
        }
      }
      timer = setTimeout(() => void loop(), READ_EVERY_MS);
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
        if (stopped) return;
        video.current!.srcObject = stream;
        await video.current!.play();
        reader = await createQrReader();
        void loop();
      } catch {
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  if (failed) {
    return (
      <Text role="alert" fontSize="lg" color="red.700">
        {t('checkin.app.cameraFailed')}
      </Text>
    );
  }
  return (
    <Box position="relative" borderRadius="md" overflow="hidden" bg="black" aspectRatio="4 / 3" width="full">
      <video
        ref={video}
        aria-label={t('checkin.app.camera')}
        muted
        playsInline
        style={{ width: '100%', height: '100%', objectFit: 'cover' }}
      />
      <Box
        position="absolute"
        inset="12%"
        border="4px solid"
        borderColor="whiteAlpha.900"
        borderRadius="md"
        pointerEvents="none"
      />
      <Text
        position="absolute"
        bottom="2"
        insetX="2"
        textAlign="center"
        color="white"
        bg="blackAlpha.700"
        borderRadius="sm"
        px="2"
        py="1"
      >
        {t('checkin.app.cameraHint')}
      </Text>
    </Box>
  );
}

/**
 * A short sound for the answer (WebAudio, no file to load): one high tone for "let in", two low
 * ones for anything else, so the desk hears the answer without looking. The context is created on
 * the first tap (browsers start audio only after a gesture).
 */
let audio: AudioContext | undefined;

export function unlockSound() {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    // No audio on this device: the screen alone answers.
  }
}

function tone(at: number, frequency: number, seconds: number) {
  const oscillator = audio!.createOscillator();
  const gain = audio!.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.4, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  oscillator.connect(gain).connect(audio!.destination);
  oscillator.start(at);
  oscillator.stop(at + seconds + 0.02);
}

export function playAnswer(admitted: boolean) {
  if (!audio || audio.state !== 'running') return;
  const t = audio.currentTime;
  if (admitted) tone(t, 1320, 0.15);
  else {
    tone(t, 330, 0.18);
    tone(t + 0.24, 330, 0.18);
  }
}

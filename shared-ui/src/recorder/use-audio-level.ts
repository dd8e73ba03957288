import { useEffect, useState } from 'react';

/**
 * How loud the microphone is, 0 to 1, while `stream` is given: the audio recorder has no picture,
 * so this is how one sees the microphone hears. 0 where the browser has no Web Audio (jsdom).
 */
export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || typeof AudioContext !== 'function' || stream.getAudioTracks().length === 0) {
      return undefined;
    }
    const context = new AudioContext();
    // Created without a tap it may start suspended; the microphone's permission lets it run.
    void context.resume().catch(() => undefined);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    let shown = 0;
    const measure = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      // Speech sits around 0.05–0.2 RMS: scaled so that a normal voice fills most of the bar.
      const next = Math.min(1, Math.sqrt(sum / samples.length) * 4);
      if (Math.abs(next - shown) > 0.02) {
        shown = next;
        setLevel(next);
      }
      frame = requestAnimationFrame(measure);
    };
    frame = requestAnimationFrame(measure);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close().catch(() => undefined);
      setLevel(0);
    };
  }, [stream]);
  return level;
}

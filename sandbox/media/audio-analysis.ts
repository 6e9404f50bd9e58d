/**
 * Small signal measurements on mono 16-bit PCM, for tests that must tell
 * speech from silence and one voice from another.
 */

/** RMS level in dBFS (-Infinity for digital silence). */
export function rmsDbfs(samples: Int16Array): number {
  if (samples.length === 0) return -Infinity;
  let sum = 0;
  for (const s of samples) sum += s * s;
  return 20 * Math.log10(Math.sqrt(sum / samples.length) / 32768);
}

/** Share of 20 ms windows whose level is within 30 dB of the loudest one: speech has pauses, a tone has none. */
export function activeFraction(samples: Int16Array, sampleRate: number): number {
  const levels = windowLevels(samples, Math.round(sampleRate * 0.02));
  if (levels.length === 0) return 0;
  const loudest = Math.max(...levels);
  return levels.filter((l) => l > loudest - 30).length / levels.length;
}

function windowLevels(samples: Int16Array, size: number): number[] {
  const levels: number[] = [];
  for (let at = 0; at + size <= samples.length; at += size) levels.push(rmsDbfs(samples.subarray(at, at + size)));
  return levels;
}

/**
 * Median fundamental frequency over voiced 40 ms frames, by normalised
 * autocorrelation between 60 and 400 Hz; NaN when nothing is voiced.
 */
export function medianPitchHz(samples: Int16Array, sampleRate: number): number {
  const frame = Math.round(sampleRate * 0.04);
  const minLag = Math.floor(sampleRate / 400);
  const maxLag = Math.ceil(sampleRate / 60);
  const levels = windowLevels(samples, frame);
  const loudest = Math.max(-Infinity, ...levels);
  const pitches: number[] = [];
  for (let f = 0; f < levels.length; f++) {
    if (levels[f] < loudest - 20) continue;
    const at = f * frame;
    if (at + frame + maxLag > samples.length) break;
    let bestLag = 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let xy = 0;
      let xx = 0;
      let yy = 0;
      for (let i = 0; i < frame; i++) {
        const x = samples[at + i];
        const y = samples[at + i + lag];
        xy += x * y;
        xx += x * x;
        yy += y * y;
      }
      const r = xy / Math.sqrt(xx * yy || 1);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best > 0.6) pitches.push(sampleRate / bestLag);
  }
  if (pitches.length === 0) return NaN;
  pitches.sort((a, b) => a - b);
  return pitches[pitches.length >> 1];
}

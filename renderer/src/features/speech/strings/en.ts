/** The Speech tab. */
import { SPEECH_VOICES } from '@shared/gateway/catalog.js';

export const speech = {
  intro: {
    title: 'Speech',
    text: "Text read aloud by the gateway's speech models, with a choice of voice and quality, saved as audio files.",
  },
  form: {
    label: 'Speech settings',
    speak: 'Speak',
    speaking: 'Speaking…',
    kept: 'Your text and settings are kept.',
    estimate: 'Uses {{chars}} characters',
  },
  model: {
    standard: '{{model}} (standard)',
    hd: '{{model}} (high definition)',
  },
  format: {
    label: 'Format',
    opus: 'Opus (Ogg)',
    flac: 'FLAC (lossless)',
  },
  speed: {
    label: 'Speed',
    hint: '{{min}} to {{max}}; 1 is normal, lower is slower',
    slider: 'Speed slider',
  },
  voice: {
    legend: 'Voice',
    // Each voice as the spec describes it (§4.10).
    ...SPEECH_VOICES,
  },
  text: {
    label: 'Text',
    placeholder: 'Type or paste the text to read aloud.',
  },
  draft: {
    noText: 'Type the text to speak.',
    tooLong: 'At most {{max}} characters: remove {{extra}}, or split the text into parts.',
    model: 'Choose tts-1 or tts-1-hd.',
    voice: 'Choose one of the six voices.',
    format: 'Choose mp3, opus, aac or flac.',
    speed: 'Speed is {{min}} to {{max}} (1 is normal, below is slower, above is faster).',
  },
  earlier: {
    heading: 'Earlier clips',
    player: 'Earlier clip: {{text}}',
  },
  result: {
    region: 'Latest speech',
    heading: 'Latest speech',
    removed: 'The last audio was removed from the library.',
    player: 'Generated speech',
    duration: 'Duration {{clock}} ({{seconds}} s)',
    readingDuration: 'Reading duration…',
    usage: 'Usage: {{chars}} characters',
    voice: 'voice {{voice}}',
    speed: 'speed {{speed}}×',
  },
  /** Before the first result (speech-tab.tsx, EmptyState). */
  empty: {
    title: 'Nothing spoken yet',
    hint: 'Type the text above, pick a voice and press Speak: the audio plays here and is saved to your library.',
    sample: 'Try a sample sentence',
    sampleText: 'The lamp was lit at dusk, as it had been every night for ninety years.',
  },
} as const;

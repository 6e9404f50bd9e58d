export * from './catalog.js';
export * from './wire.js';
export * from './rules.js';
export * from './requests-text.js';
export * from './requests-media.js';

/** The Settings tab. */
export const settings = {
  general: {
    loading: 'Loading settings…',
    library: {
      heading: 'Library',
      savedIn: 'Outputs are saved in <path>{{path}}</path>',
      folder: 'Library folder',
      folderHint: 'Generated images, video and audio are saved here.',
      saveFolder: 'Save folder',
    },
    theme: {
      heading: 'Theme',
      system: 'System',
      light: 'Light',
      dark: 'Dark',
      hint: "System follows your operating system's light or dark appearance.",
    },
    language: {
      heading: 'Language',
      system: 'System ({{language}})',
      hint: 'System follows the language of your operating system.',
    },
  },
} as const;

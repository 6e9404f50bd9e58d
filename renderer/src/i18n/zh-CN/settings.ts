import type { Messages } from '../en/index.js';

export const settings: Messages['settings'] = {
  general: {
    loading: '正在读取设置…',
    library: {
      heading: '作品库',
      savedIn: '生成的作品保存在 <path>{{path}}</path>',
      folder: '作品库文件夹',
      folderHint: '生成的图像、视频和音频都保存在这里。',
      saveFolder: '保存文件夹',
    },
    theme: {
      heading: '主题',
      system: '跟随系统',
      light: '浅色',
      dark: '深色',
      hint: '“跟随系统”会使用操作系统的浅色或深色外观。',
    },
    language: {
      heading: '语言',
      system: '跟随系统（{{language}}）',
      hint: '“跟随系统”会使用操作系统的语言。',
    },
  },
};

import type { Translation } from '../../../i18n/translation.js';
import type { speech as english } from './en.js';

export const speech: Translation<typeof english> = {
  intro: {
    title: '语音',
    text: '由网关的语音模型朗读文本，可选择音色和音质，结果保存为音频文件。',
  },
  form: {
    label: '语音设置',
    speak: '朗读',
    speaking: '正在生成语音…',
    kept: '文本和设置均已保留。',
    estimate: '将使用 {{chars}} 个字符',
  },
  model: {
    standard: '{{model}}（标准）',
    hd: '{{model}}（高清）',
  },
  format: {
    label: '格式',
    opus: 'Opus（Ogg）',
    flac: 'FLAC（无损）',
  },
  speed: {
    label: '语速',
    hint: '{{min}} 到 {{max}}；1 为正常语速，数值越小越慢',
    slider: '语速滑块',
  },
  voice: {
    legend: '音色',
    alloy: '中性',
    echo: '男声',
    fable: '叙述',
    onyx: '低沉男声',
    nova: '女声',
    shimmer: '柔和女声',
  },
  text: {
    label: '文本',
    placeholder: '输入或粘贴要朗读的文本。',
  },
  draft: {
    noText: '请输入要朗读的文本。',
    tooLong: '最多 {{max}} 个字符：请删除 {{extra}} 个字符，或将文本拆分成几段。',
    model: '请选择 tts-1 或 tts-1-hd。',
    voice: '请从六种音色中选择一种。',
    format: '请选择 mp3、opus、aac 或 flac。',
    speed: '语速范围为 {{min}} 到 {{max}}（1 为正常，小于 1 更慢，大于 1 更快）。',
  },
  earlier: {
    heading: '之前的语音',
    player: '之前的语音：{{text}}',
  },
  result: {
    region: '最新语音',
    heading: '最新语音',
    removed: '上一段音频已从作品库中移除。',
    player: '生成的语音',
    duration: '时长 {{clock}}（{{seconds}} 秒）',
    readingDuration: '正在读取时长…',
    usage: '用量：{{chars}} 个字符',
    voice: '音色 {{voice}}',
    speed: '语速 {{speed}}×',
  },
  empty: {
    title: '还没有朗读结果',
    hint: '在上方输入文字，选择音色，然后点击“朗读”：音频会在这里播放，并保存到作品库。',
    sample: '试试示例句子',
    sampleText: '灯塔的灯在黄昏时点亮，九十年来每晚如此。',
  },
};

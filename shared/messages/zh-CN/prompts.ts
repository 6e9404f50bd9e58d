/** 提示词库：找不到或未导入某条提示词的原因（en/prompts.ts）。 */
export const prompts = {
  notFound: '这条提示词已不在你的提示词库中。',
  import: {
    notJson: '此文件不是 JSON：{{detail}}。没有导入任何内容。',
    notLibrary: '此文件不是提示词库的导出文件（没有“prompts”列表）。没有导入任何内容。',
    tooMany: '此文件含 {{found}} 条提示词，一次最多导入 {{max}} 条。没有导入任何内容。',
    notObject: '不是提示词（不是对象）。',
    invalid: '不是有效的提示词：{{detail}}。',
    badVariable: '变量“{{name}}”的名称不可用（只能用字母、数字、_ 和 -，并以字母开头）。',
    duplicateId: '文件中此提示词的 id 出现了两次；已采用第一条。',
    duplicate: '提示词库中已有相同标题和内容的提示词。',
  },
} as const;

/** 故事板 (host/storyboard, docs/storyboards.md)。 */
export const storyboard = {
  board: {
    gone: '该故事板已不存在。',
    noShot: '该故事板没有这个镜头。',
    sameShot: '该故事板有两个镜头的 id 相同。',
    nothingToRetry: '该镜头没有失败的步骤，无需重试。',
  },
  shot: {
    refused: '第 {{shot}} 个镜头无法制作：{{message}} 未排入任何任务。',
    pictureGone: '从图库选取的图片已不在库中。',
    notPicture: '选作图片的项目不是图片。',
    noLink: '网关只能从图片的公开链接开始生成视频，而这张图片没有仍然有效的链接（链接有效期为 24 小时）。请改为在故事板中生成图片。',
    ratio: '视频模型 {{model}} 不能生成 {{ratio}} 的视频：请为此镜头选择 {{ratios}} 之一。',
  },
  stage: {
    jobGone: '它的任务已不在任务列表中。',
    noItem: '它的任务结束了，但没有保存任何文件。',
    narrationUnknown: '制作这段旁白时工作室停止了：它可能已被计费。它不会被自动重新制作：请重试该镜头以重新制作。',
  },
  film: {
    notReady: '镜头 {{shot}} 还没有视频：请先运行分镜直到所有镜头完成，再制作成片。',
    narrationNotReady: '镜头 {{shot}} 的旁白尚未生成：请先运行分镜（或重试该镜头）。',
    empty: '此分镜没有可拼接的镜头。',
    busy: '此分镜的成片正在制作中。',
    fileGone: '镜头 {{shot}} 的某个文件已不在素材库中：请重做该镜头，再制作成片。',
    failed: '成片制作失败：{{detail}}',
    noFfmpeg: '成片制作失败：此安装没有适用于本系统的 ffmpeg。',
  },
} as const;

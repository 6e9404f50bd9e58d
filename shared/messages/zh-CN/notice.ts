import type { Catalog } from '../en/index.js';

export const notice: Catalog['notice'] = {
  image: {
    saved: '图像任务已完成并保存到作品库',
    failed: '图像任务失败',
    expired: '图像任务已完成，但链接在文件保存前已过期',
    timed_out: '图像任务耗时超出预期',
    attention: '图像任务已完成，但文件未能保存',
  },
  video: {
    saved: '视频任务已完成并保存到作品库',
    failed: '视频任务失败',
    expired: '视频任务已完成，但链接在文件保存前已过期',
    timed_out: '视频任务耗时超出预期',
    attention: '视频任务已完成，但文件未能保存',
  },
  body: '{{model}}：“{{prompt}}”。',
  bodyWithError: '{{model}}：“{{prompt}}”。{{error}}',
};

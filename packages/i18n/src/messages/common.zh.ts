import type { commonEn } from './common.en.ts';

export const commonZh: Record<keyof typeof commonEn, string> = {
  'common.testMode': '测试模式',
  'common.loading': '加载中…',
  'common.retry': '重试',
  'common.cancel': '取消',
  'common.unknownError': '未知错误',
  'common.language': '语言',
};

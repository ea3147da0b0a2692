import type { commonEn } from './common.en.ts';

export const commonZh: Record<keyof typeof commonEn, string> = {
  'common.testMode': '测试模式',
  'common.loading': '加载中…',
  'common.retry': '重试',
  'common.cancel': '取消',
  'common.unknownError': '未知错误',
  'common.language': '语言',
  'common.table.rowsPerPage': '每页行数',
  'common.table.displayedRows': '第 {from}–{to} 条，共 {count} 条',
  'common.table.firstPage': '第一页',
  'common.table.lastPage': '最后一页',
  'common.table.nextPage': '下一页',
  'common.table.previousPage': '上一页',
};

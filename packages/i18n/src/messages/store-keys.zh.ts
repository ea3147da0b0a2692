import type { storeKeysEn } from './store-keys.en.ts';

export const storeKeysZh: Record<keyof typeof storeKeysEn, string> = {
  'store.keys.title': '生成应用 DID',
  'store.keys.subtitle':
    '应用以其自身密钥对生成的 DID 作为标识。每个安装包都用该密钥签名，只有持有者才能发布新版本。密钥在此浏览器中生成，不会发送到任何地方。',
  'store.keys.generate': '生成密钥对',
  'store.keys.again': '重新生成',
  'store.keys.did': '应用 DID',
  'store.keys.copyDid': '复制 DID',
  'store.keys.copied': '已复制',
  'store.keys.keepSafe':
    '请立即下载密钥文件并妥善保管：它无法再次显示，任何持有者都能以此应用的身份签名安装包。',
  'store.keys.download': '下载密钥文件',
  'store.keys.where': '将其放在应用目录中的 {path}；bazaar 命令行工具会用它为安装包签名。',
};

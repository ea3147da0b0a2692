/** The /gen-key-pair page: an app's identity made in the browser. */
export const storeKeysEn = {
  'store.keys.title': 'Generate an app DID',
  'store.keys.subtitle':
    'An app is known by a DID made from its own key pair. Every bundle is signed with the key, so only its holder can publish new versions. The key is made in this browser and never sent anywhere.',
  'store.keys.generate': 'Generate key pair',
  'store.keys.again': 'Generate another',
  'store.keys.did': 'App DID',
  'store.keys.copyDid': 'Copy DID',
  'store.keys.copied': 'Copied',
  'store.keys.keepSafe':
    'Download the key file now and keep it safe: it cannot be shown again, and anyone holding it can sign bundles as this app.',
  'store.keys.download': 'Download key file',
  'store.keys.where': 'Put it in your app folder as {path}; the bazaar CLI signs bundles with it.',
};

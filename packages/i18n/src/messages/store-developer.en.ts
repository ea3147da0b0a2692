/** The Store's developer pages: registration (/join, invitations), the developer gate, access tokens. */
export const storeDeveloperEn = {
  'store.developer.nav.label': 'Developer',
  'store.developer.nav.apps': 'My apps',
  'store.developer.nav.accessTokens': 'Access tokens',
  'store.developer.required': 'You have no valid Developer NFT, please register as a developer first.',
  'store.developer.register.staking':
    'Register as a developer by staking to create access tokens and publish apps.',
  'store.developer.register.action': 'Register as a developer',
  'store.developer.register.invitation':
    'This store admits developers by invitation: ask an administrator for an invitation.',
  'store.developer.revoked.title': 'Your developer status was revoked by the store admin.',
  'store.developer.revoked.description':
    'You cannot upload or publish apps or manage access tokens. Apps you already published stay available. Ask an administrator if you think this is a mistake.',
  'store.developer.revoked.reason': 'Reason: {reason}',
  'store.developer.revoked.at': 'Revoked on {date}',
  'store.developer.already.title': "You're already a developer",
  'store.developer.already.description':
    'Use your developer passport: your access tokens and apps are in the developer pages.',
  'store.developer.already.action': 'Go to my access tokens',
  'store.developer.tokens.title': 'Access tokens',
  'store.developer.tokens.subtitle':
    'Tokens let the command-line tool upload and publish apps for you. Give each one only the scopes it needs.',
  'store.developer.tokens.empty': 'No access tokens yet. Create one to connect the command-line tool.',
  'store.developer.tokens.column.name': 'Name',
  'store.developer.tokens.column.scopes': 'Scopes',
  'store.developer.tokens.column.created': 'Created',
  'store.developer.tokens.column.expires': 'Expires',
  'store.developer.tokens.column.lastUsed': 'Last used',
  'store.developer.tokens.column.state': 'State',
  'store.developer.tokens.neverUsed': 'Never used',
  'store.developer.tokens.state.active': 'Active',
  'store.developer.tokens.state.expired': 'Expired',
  'store.developer.tokens.state.revoked': 'Revoked',
  'store.developer.tokens.scope.upload': 'Upload',
  'store.developer.tokens.scope.publish': 'Publish',
  'store.developer.tokens.scope.read': 'Read',
  'store.developer.tokens.scopeHint.upload': 'Upload: send app bundles',
  'store.developer.tokens.scopeHint.publish': 'Publish: release uploaded versions',
  'store.developer.tokens.scopeHint.read': 'Read: see your apps and account',
  'store.developer.tokens.create.action': 'New token',
  'store.developer.tokens.create.title': 'New access token',
  'store.developer.tokens.create.submit': 'Create token',
  'store.developer.tokens.field.name': 'Access Token Name',
  'store.developer.tokens.field.nameHint': 'A name you will recognise, such as the machine it is for.',
  'store.developer.tokens.field.scopes': 'Scopes',
  'store.developer.tokens.field.expiry': 'Expires after',
  'store.developer.tokens.expiryDays': '{days} days',
  'store.developer.tokens.nameRequired': 'Access Token Name is required',
  'store.developer.tokens.scopesRequired': 'Choose at least one scope',
  'store.developer.tokens.limitReached':
    'You hold as many access tokens as allowed ({count}). Delete one first.',
  'store.developer.tokens.secret.title': 'Access token {name} created',
  'store.developer.tokens.secret.warning':
    'Copy this token now: it is shown only this once. The store keeps only a hash of it and cannot show it again. If you lose it, delete it and create a new one.',
  'store.developer.tokens.secret.label': 'Access token',
  'store.developer.tokens.secret.copy': 'Copy token',
  'store.developer.tokens.secret.done': 'I have copied it',
  'store.developer.tokens.delete.action': 'Delete',
  'store.developer.tokens.delete.labelFor': 'Delete {name}',
  'store.developer.tokens.delete.title': 'Delete the access token {name}?',
  'store.developer.tokens.delete.description':
    'Every tool using this token stops working at once. This cannot be undone.',
  'store.developer.tokens.delete.typeName': 'Type {name} to confirm',
  'store.developer.tokens.delete.mismatch': 'Deleting a token requires typing its name',
  'store.join.title': 'Become a developer',
  'store.join.subtitle': 'Register as a developer to publish apps in this store.',
  'store.join.terms.title': 'Developer terms',
  'store.join.terms.rights': 'You publish only apps you have the right to distribute.',
  'store.join.terms.review':
    'Store admins review apps before they are published and may block an app that breaks these terms.',
  'store.join.terms.stake': 'Your stake is held while you are a developer.',
  'store.join.terms.revoke':
    'A store admin may revoke your developer status; you then cannot publish, and apps already published stay available.',
  'store.join.terms.agree': 'I agree to the developer terms',
  'store.join.terms.required': 'Developer registration requires agreeing to terms',
  'store.join.stake.title': 'Stake',
  'store.join.stake.amount': 'Stake {amount} {currency} to register as a developer.',
  'store.join.stake.hint': 'The stake is paid through the Payment Kit and held while you are a developer.',
  'store.join.continue': 'Continue to staking',
  'store.join.pay.notOpen':
    'Staking is not open yet: this store cannot take a stake today. Come back later, or ask an administrator for an invitation.',
  'store.invitation.title': 'Developer invitation',
  'store.invitation.description':
    'You are invited to become a developer of this store: you will be able to create access tokens and publish apps.',
  'store.invitation.signedInAs': 'You are signed in as {name}; this account becomes the developer.',
  'store.invitation.accept': 'Accept invitation',
  'store.invitation.accepted.title': "You're now a developer",
  'store.invitation.accepted.description':
    'Create an access token to connect the command-line tool, then publish your first app.',
  'store.invitation.accepted.tokens': 'Create an access token',
  'store.invitation.accepted.apps': 'My apps',
  'store.invitation.refused': 'This invitation cannot be accepted',
  'store.invitation.error.invalid':
    'This invitation link is not valid. Check that you opened the whole link, or ask the store admin for a new one.',
  'store.invitation.error.expired':
    'This invitation has expired: invitations are good for 7 days. Ask the store admin for a new one.',
  'store.invitation.error.cancelled': 'The store admin cancelled this invitation.',
  'store.invitation.error.used': 'This invitation was already used: each invitation works once.',
  'store.invitation.error.mismatch':
    'This invitation is for someone else. Sign in with the email or account it was sent to.',
  'store.invitation.error.revoked':
    'Your developer status was revoked by the store admin; an invitation does not restore it. Ask an administrator to enable you again.',
};

/** Codes of §3/§4 and their labels (the texts are in the language files, under "labels"). */
export * from './codes';
export * from './label-of';
export * from './config-names';

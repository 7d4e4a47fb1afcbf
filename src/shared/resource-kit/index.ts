export * from './label';
export * from './enum';
export * from './fields';
export * from './resource';
export * from './contract';
export * from './rows';

// single-spa lifecycles of this area; the shell mounts them through Module Federation ('./spa').
import { createAreaSpa } from '@lendline/shared';
import { Area } from './area/area';

export const { bootstrap, mount, unmount } = createAreaSpa('applications', Area);

// The declared resources of the generated document, for the route table and the menus. The web
// build replaces this module by its result alone (web/declared-screens-plugin.ts), so the shells
// carry the few declared screens, not every schema of the document.
import { declaredScreens } from '../../../../forms/resource/declared';
import type { DeclaredScreen, ScreenMenu } from '../../../../forms/resource/declared';
import { components } from '../../../../generated/openapi.json';

export const DECLARED_SCREENS: ReadonlyArray<DeclaredScreen> = declaredScreens(components.schemas);

export const screensIn = (menu: ScreenMenu): ReadonlyArray<DeclaredScreen> => DECLARED_SCREENS.filter((screen) => screen.menu === menu);

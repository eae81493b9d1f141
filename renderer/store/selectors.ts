/** Selectors for the app store: components pick exactly what they render. */
import type { AppState } from './app-store';

export const selectScreen = (state: AppState) => state.screen;
export const selectSelectedTaskId = (state: AppState) => state.selectedTaskId;
export const selectShowScreen = (state: AppState) => state.showScreen;
export const selectOpenTask = (state: AppState) => state.openTask;
export const selectSelectedServerId = (state: AppState) => state.selectedServerId;
export const selectOpenServer = (state: AppState) => state.openServer;

export const selectFilter = (state: AppState) => state.filter;
export const selectSetStatusFilter = (state: AppState) => state.setStatusFilter;
export const selectSetServerFilter = (state: AppState) => state.setServerFilter;
export const selectSetSearchText = (state: AppState) => state.setSearchText;
export const selectClearFilters = (state: AppState) => state.clearFilters;

export const selectLauncherServerId = (state: AppState) => state.launcherServerId;
export const selectLauncherToolName = (state: AppState) => state.launcherToolName;
export const selectChooseServer = (state: AppState) => state.chooseServer;
export const selectChooseTool = (state: AppState) => state.chooseTool;
export const selectSaveArgumentDraft = (state: AppState) => state.saveArgumentDraft;
export const selectPrefillLauncher = (state: AppState) => state.prefillLauncher;

export const selectServerDraft = (state: AppState) => state.serverDraft;
export const selectOpenServerEditor = (state: AppState) => state.openServerEditor;
export const selectUpdateServerDraft = (state: AppState) => state.updateServerDraft;
export const selectCloseServerEditor = (state: AppState) => state.closeServerEditor;

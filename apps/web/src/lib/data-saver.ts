import { useSyncExternalStore } from 'react';
import { IMAGE_MAX_WIDTH, IMAGE_MAX_WIDTH_DATA_SAVER } from '@shutter/contract';
import { dataSaverCookie } from './cookies';
import { readItem, writeItem, STORAGE_KEYS, type KeyValueStorage } from './storage';

/** Spec 000 §3 and §9: the data saver configuration the media components read. */
export interface DataSaverConfig {
  isDataSaverMode: boolean;
  autoPlay: boolean;
  imageResolution: 1080 | 640;
  downgradeImageResolution: boolean;
  downgradeVideoResolution: boolean;
  preload: 'auto' | 'metadata';
}

export function dataSaverConfig(isDataSaverMode: boolean): DataSaverConfig {
  return isDataSaverMode
    ? { isDataSaverMode, autoPlay: false, imageResolution: IMAGE_MAX_WIDTH_DATA_SAVER, downgradeImageResolution: true, downgradeVideoResolution: true, preload: 'metadata' }
    : { isDataSaverMode, autoPlay: true, imageResolution: IMAGE_MAX_WIDTH, downgradeImageResolution: false, downgradeVideoResolution: false, preload: 'auto' };
}

/** The part of the Network Information API we read (absent in Firefox and Safari). */
export interface ConnectionInfo {
  type?: string;
  saveData?: boolean;
}

/**
 * Spec 000 §9: the saver is relaxed when the network is not metered cellular and save-data is off.
 * Only a connection that states its type can say it is not cellular; without the API, or without a
 * type (desktop Chrome), the viewer's choice stands.
 */
export function isRelaxed(connection: ConnectionInfo | null | undefined): boolean {
  if (!connection || typeof connection.type !== 'string') return false;
  return connection.type !== 'cellular' && connection.saveData !== true;
}

export function effectiveDataSaver(stored: boolean, connection: ConnectionInfo | null | undefined): boolean {
  return stored && !isRelaxed(connection);
}

export function readDataSaverMode(storage: Pick<KeyValueStorage, 'getItem'> | null): boolean {
  try {
    return storage?.getItem(STORAGE_KEYS.dataSaver) === '1';
  } catch {
    return false;
  }
}

export function writeDataSaverMode(storage: Pick<KeyValueStorage, 'setItem'> | null, on: boolean): void {
  try {
    storage?.setItem(STORAGE_KEYS.dataSaver, on ? '1' : '0');
  } catch {
    /* storage full or disabled: the choice lasts for this page only */
  }
}

type NetworkConnection = ConnectionInfo & EventTarget;

function connection(): NetworkConnection | null {
  if (typeof navigator === 'undefined') return null;
  return (navigator as Navigator & { connection?: NetworkConnection }).connection ?? null;
}

const listeners = new Set<() => void>();
let storedMode: boolean | null = null;

function stored(): boolean {
  storedMode ??= readItem(STORAGE_KEYS.dataSaver) === '1';
  return storedMode;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const conn = connection();
  conn?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    conn?.removeEventListener('change', listener);
  };
}

export function setDataSaverMode(on: boolean): void {
  storedMode = on;
  writeItem(STORAGE_KEYS.dataSaver, on ? '1' : '0');
  if (typeof document !== 'undefined') document.cookie = dataSaverCookie(on);
  listeners.forEach((listener) => listener());
}

/** The viewer's stored choice and the configuration in effect (after the automatic relaxation). */
export function useDataSaver(): { stored: boolean; relaxed: boolean; config: DataSaverConfig } {
  const key = useSyncExternalStore(
    subscribe,
    () => `${stored() ? 1 : 0}${isRelaxed(connection()) ? 1 : 0}`,
    () => '00',
  );
  const on = key[0] === '1';
  const relaxed = key[1] === '1';
  return { stored: on, relaxed, config: dataSaverConfig(on && !relaxed) };
}

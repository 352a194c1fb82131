import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  CONTACT_DELETE_PATH, CONTACT_FILE_FIELD, CONTACT_HISTORY_PATH, CONTACT_IMPORT_PATH, SIMILAR_ACCOUNTS_MAX,
  type ContactHistory, type ContactImportAnswer, type ListedUser,
} from '@shutter/contract';
import { ApiError, apiPost } from '../../lib/api';
import { csrfToken } from '../../lib/csrf';
import { checkAnswer } from '../../lib/answer-check';
import { pageDataKey, usePageData } from '../../lib/page-data';
import { runQuery } from '../../lib/run-query';
import type { Suggestion } from './suggested-users';

/** The contact import resource: the history page's data, importing a file, deleting everything imported. */

export const useContactHistory = () => usePageData<ContactHistory>(CONTACT_HISTORY_PATH, { result: (r) => r.pageData['contact-history'] });

/**
 * The people the last import found, kept in the query cache so that a follow from their row
 * reaches them as it reaches every other copy of a person (state/cache-walk.ts).
 */
const importFoundKey = ['contact-import', 'found'] as const;

export async function importContacts(client: QueryClient, file: File, onProgress: (fraction: number) => void): Promise<ContactImportAnswer> {
  const answer = await uploadContacts(file, file.name, onProgress);
  client.setQueryData(importFoundKey, answer.users);
  return answer;
}

export const useImportFound = () =>
  useQuery({ queryKey: importFoundKey, queryFn: (): ListedUser[] => [], enabled: false, staleTime: Infinity }).data;

export const refreshContactHistory = (client: QueryClient) => client.invalidateQueries({ queryKey: pageDataKey(CONTACT_HISTORY_PATH) });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends the file as multipart with XMLHttpRequest (fetch reports no upload progress). Resolves with
 * the people found; rejects with an ApiError as apiPost does.
 */
function uploadContacts(file: Blob, fileName: string, onProgress: (fraction: number) => void): Promise<ContactImportAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const body = new FormData();
    body.append(CONTACT_FILE_FIELD, file, fileName);
    xhr.open('POST', CONTACT_IMPORT_PATH);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRFToken', csrfToken());
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answer = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        checkAnswer(CONTACT_IMPORT_PATH, answer, (r) => r.contactImportAnswer).then(() => resolve(answer as ContactImportAnswer), reject);
        return;
      }
      const message = (answer as { message?: unknown } | null)?.message;
      reject(new ApiError(xhr.status, answer, typeof message === 'string' && message ? message : `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Network error'));
    xhr.send(body);
  });
}

export const deleteImportedContacts = () => apiPost(CONTACT_DELETE_PATH, {}, { result: (r) => r.ok });

interface SimilarAccountsData {
  user: { id: string; edge_chaining: { edges: { node: Suggestion }[] } };
}

/** Profiles related to a person found (chaining), asked for one person at a time. */
export async function fetchRelatedProfiles(userId: string): Promise<Suggestion[]> {
  const data = await runQuery<SimilarAccountsData>('similar_accounts', { id: userId, first: SIMILAR_ACCOUNTS_MAX });
  return data.user.edge_chaining.edges.map((edge) => edge.node);
}

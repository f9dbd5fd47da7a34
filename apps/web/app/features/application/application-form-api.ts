import type { FormDicList, LocationResult, SampleApplication, SampleApplicationBody } from '@fuliaotong/contracts';
import { ApiError } from '@fuliaotong/client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/* The application form (样品申请单): its option lists, the visitor's region, and the submission. */

/* ------------------------------------------ fetchers ------------------------------------------ */

/** The option lists of the application form (no token needed). */
export function fetchFormDictionary(): Promise<FormDicList> {
  return api().call('formDictionary');
}

/** The visitor's province and city, from its IP address (to prefill a new address). */
export function fetchLocation(): Promise<LocationResult> {
  return api().call('location', {}, { handleUnauthorized: false });
}

/** Creates a sample application (201); its items leave the cart. */
export function submitApplication(body: SampleApplicationBody): Promise<SampleApplication> {
  return api().call('applicationSubmit', { body });
}

/* ------------------------------------------- queries ------------------------------------------- */

export const formDictionaryQuery = () =>
  queryOptions({ queryKey: queryKeys.formDictionary(), queryFn: fetchFormDictionary, staleTime: 10 * 60_000 });

export const locationQuery = () =>
  queryOptions({ queryKey: queryKeys.ipLocation(), queryFn: fetchLocation, staleTime: Infinity, retry: false });

/* -------------------------------------------- hooks -------------------------------------------- */

/**
 * Submits the application. Afterwards the cart's list and count (its items are gone), the user's
 * applications and, when one was saved, the address book are read again; the confirmed list of the
 * page that submitted is left alone, so that it does not turn empty under the form before the page
 * moves on. The company's sample allowance is read again after a submission, and after a refusal for
 * want of it (409 `sample_allowance_exceeded`), so that the page shows what is left.
 */
export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: (application, body) => {
      queryClient.setQueryData(queryKeys.application(application.id), application);
      for (const queryKey of [
        queryKeys.sampleCartList(),
        queryKeys.sampleCartCount(),
        queryKeys.applications(),
        queryKeys.summary(),
        queryKeys.company(),
        ...(body.saveAddress ? [queryKeys.addresses()] : []),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (error) => {
      if (isAllowanceRefusal(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.company() });
    },
  });
}

/** The server refused an application because the company's yearly sample allowance would be exceeded. */
export function isAllowanceRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'sample_allowance_exceeded';
}

import { useMutation } from '@tanstack/react-query';
import { saveFile, sharesFiles } from './share-file';

/**
 * A picture the server draws (a group's table, a tournament's standings), shared on a phone,
 * else saved; the mutation answers which, so the screen can say where the picture went.
 */
export function useSharePicture(fetchPng: () => Promise<unknown>, fileName: string) {
  return useMutation({
    mutationFn: async (title: string) => {
      const png = await fetchPng();
      const file = new File([png as BlobPart], fileName, { type: 'image/png' });
      if (sharesFiles(file, { phoneOnly: true })) {
        try {
          await navigator.share({ files: [file], title });
        } catch (error) {
          // Closing the phone's share sheet is not a failure.
          if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
        }
        return 'shared' as const;
      }
      saveFile(file);
      return 'saved' as const;
    },
  });
}

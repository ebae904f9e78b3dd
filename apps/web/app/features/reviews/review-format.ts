/** The page of an ad: `/car/123` (the ads feature's rule, which features may not import). */
export function reviewAdPath(ad: { vertical: string; id: number }): string {
  return `/${ad.vertical}/${ad.id}`;
}

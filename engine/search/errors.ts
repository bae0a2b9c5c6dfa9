/** An error the engine answers with, Algolia style: { message, status } with a 4xx status. */
export class SearchError extends Error {
  constructor(
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
    this.name = 'SearchError';
  }

  toJSON() {
    return { message: this.message, status: this.status };
  }
}

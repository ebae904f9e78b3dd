/** The API version the client sends back as `X-Api-Version` (spec section 7). */
export const API_VERSION = "1";

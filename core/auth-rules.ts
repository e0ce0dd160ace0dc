/** Password bounds, the same for the sign-up form and better-auth on the server. */
export const passwordMinLength = 8
export const passwordMaxLength = 128

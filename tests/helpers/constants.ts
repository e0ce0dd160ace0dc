export const testPublicUrl = 'http://localhost:3000'

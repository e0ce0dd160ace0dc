import type { ExternalToast } from 'sonner'

// Sonner's `toast`, downloaded when the first toast is raised: pages that only may raise one (the
// product page's Add to cart) keep it out of their first download. The toast area mounts once the
// page is idle (ToastHost) and shows what was raised before it arrived.
const sonner = () => import('sonner')

export const toast = {
  success(message: string, options?: ExternalToast) {
    void sonner().then((module) => module.toast.success(message, options))
  },
  error(message: string, options?: ExternalToast) {
    void sonner().then((module) => module.toast.error(message, options))
  },
}

import { TRPCClientError } from '@trpc/client'
import { describe, expect, it } from 'vitest'
import { serverMessage } from './server-message.ts'
import type { AppRouter } from './trpc.ts'

/** A tRPC error answer as the client receives it (server/trpc.ts's error shape). */
const answer = (httpStatus: number, message: string, nextStep: string | null) =>
  TRPCClientError.from<AppRouter>({
    error: {
      code: httpStatus >= 500 ? -32603 : -32600,
      message,
      data: {
        code: httpStatus >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST',
        httpStatus,
        requestId: 'req-7f3a9c',
        nextStep,
        path: 'x',
        zodIssues: null,
        field: null,
      },
    },
  })

describe('serverMessage', () => {
  const next = 'Inténtelo de nuevo en un momento. Si sigue fallando, llámenos al +34 965 70 12 34 indicando la referencia req-7f3a9c.'

  it('after a failure of ours, says what failed and what to do next, with the reference', () => {
    expect(serverMessage(answer(503, 'Error al procesar el pedido', next), 'Error al procesar el pedido')).toBe(
      `Error al procesar el pedido. ${next}`,
    )
    expect(serverMessage(answer(500, 'Algo ha salido mal.', next), 'Algo ha salido mal.')).toBe(`Algo ha salido mal. ${next}`)
  })

  it("says a refusal's own message, which tells what to fix", () => {
    expect(serverMessage(answer(409, 'El pedido ya está pagado', null), 'Error al procesar el pedido')).toBe('El pedido ya está pagado')
  })

  it('falls back alone when no answer came (a dropped connection)', () => {
    expect(serverMessage(new TypeError('Failed to fetch'), 'Error al procesar el pedido')).toBe('Error al procesar el pedido')
    expect(serverMessage(answer(500, 'x', null), 'Error al procesar el pedido')).toBe('Error al procesar el pedido')
  })
})

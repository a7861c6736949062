/**
 * Optional phrasing of a chat answer by a language model behind an OpenAI-compatible
 * `POST {AI_BASE_URL}/chat/completions`. Off unless AI_BASE_URL and AI_MODEL are set. This
 * is the server's only outbound fetch. The model is given the question and the retrieved material
 * only, and is told to answer from it alone; any failure (timeout, non-2xx, odd shape) returns null
 * and the caller keeps the retrieval answer.
 */
import type { KnowledgeDoc } from '@/domain/chat-retrieval';

/** A model slower than this is abandoned and the retrieval answer is used. */
export const LLM_TIMEOUT_MS = 8_000;
/** Upper bound on the phrased answer. */
const LLM_MAX_TOKENS = 300;

export interface LlmConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

export function llmConfigFrom(env: { AI_BASE_URL?: string; AI_MODEL?: string; AI_API_KEY?: string }): LlmConfig | null {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return null;
  return { baseUrl: env.AI_BASE_URL.replace(/\/+$/, ''), model: env.AI_MODEL, apiKey: env.AI_API_KEY };
}

export const LLM_SYSTEM_PROMPT =
  "You are the Deckhand ferry-terminal assistant. Answer the rider's question in at most three short sentences " +
  'using ONLY the numbered material provided. Keep every figure, time and price exactly as written. ' +
  'If the material does not answer the question, say so. Do not add anything that is not in the material.';

export async function phraseWithLlm(
  config: LlmConfig,
  query: string,
  material: readonly KnowledgeDoc[],
): Promise<string | null> {
  const context = material.map((doc, i) => `[${i + 1}] ${doc.source}\n${doc.answer}`).join('\n\n');
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (config.apiKey) headers.Authorization = `Bearer ${config.apiKey}`;
  try {
    const response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      signal: AbortSignal.timeout(LLM_TIMEOUT_MS),
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        max_tokens: LLM_MAX_TOKENS,
        messages: [
          { role: 'system', content: LLM_SYSTEM_PROMPT },
          { role: 'user', content: `Material:\n${context}\n\nQuestion: ${query}` },
        ],
      }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    return typeof content === 'string' && content.trim() ? content.trim() : null;
  } catch {
    return null;
  }
}

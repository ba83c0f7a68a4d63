import type { Metadata } from "next";
import { getOpenApiDocument } from "@/server/app/openapi";

export const metadata: Metadata = { title: "API reference", description: "REST operations of the GreenScape Austin API." };
export const dynamic = "force-dynamic";

type Schema = Record<string, unknown>;
interface Operation {
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, Response>;
}
type Response = { $ref?: string; description?: string; content?: Record<string, { schema?: Schema }> };

const METHOD_COLORS: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-green-100 text-green-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-violet-100 text-violet-900",
  delete: "bg-red-100 text-red-900",
};

/** A readable reference generated from /api/openapi.json, served without any outside script. */
export default function ApiDocsPage() {
  const document = getOpenApiDocument();
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
  );
  const tags = [...new Set(operations.map(({ operation }) => operation.tags?.[0] ?? "other"))];
  const sharedResponses = (document.components?.responses ?? {}) as Record<string, Response>;

  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-900">{document.info.title}</h1>
      <p className="mt-2 max-w-3xl text-gray-700">{document.info.description}</p>
      <p className="mt-2 text-sm text-gray-700">
        Base URL <code className="rounded bg-gray-100 px-1">/api</code>. Machine-readable document:{" "}
        <a className="text-brand-700 underline" href="/api/openapi.json">
          /api/openapi.json
        </a>{" "}
        (OpenAPI {document.openapi}).
      </p>
      <nav aria-label="API sections" className="mt-6 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <a key={tag} href={`#${slug(tag)}`} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100">
            {tag}
          </a>
        ))}
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={slug(tag)} className="mt-10">
          <h2 className="border-b border-gray-200 pb-2 text-xl font-semibold capitalize text-gray-900">{tag}</h2>
          <ul className="mt-4 space-y-4">
            {operations
              .filter(({ operation }) => (operation.tags?.[0] ?? "other") === tag)
              .map(({ path, method, operation }) => (
                <li key={`${method} ${path}`} className="rounded-lg border border-gray-200 p-4">
                  <div className="flex flex-wrap items-center gap-3">
                    <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_COLORS[method] ?? ""}`}>
                      {method}
                    </span>
                    <code className="font-mono text-sm font-semibold">/api{path}</code>
                    <span className="text-sm text-gray-700">{operation.summary}</span>
                    <span className="ml-auto text-xs text-gray-600">{describeSecurity(operation.security)}</span>
                  </div>
                  <details className="mt-3 text-sm">
                    <summary className="cursor-pointer text-brand-700">Request and responses</summary>
                    {operation.parameters?.length ? (
                      <div className="mt-2">
                        <h3 className="font-semibold">Parameters</h3>
                        <ul className="list-disc pl-6">
                          {operation.parameters.map((parameter) => (
                            <li key={`${parameter.in}-${parameter.name}`}>
                              <code>{parameter.name}</code> ({parameter.in}
                              {parameter.required ? ", required" : ""}){" "}
                              <code className="text-gray-600">{JSON.stringify(parameter.schema)}</code>
                            </li>
                          ))}
                        </ul>
                      </div>
                    ) : null}
                    {operation.requestBody?.content ? (
                      <SchemaBlock
                        title="Request body (application/json)"
                        schema={Object.values(operation.requestBody.content)[0]?.schema}
                      />
                    ) : null}
                    {Object.entries(operation.responses ?? {}).map(([status, reference]) => {
                      // Error answers point at one shared response each; show what it says.
                      const response = reference.$ref ? (sharedResponses[reference.$ref.split("/").pop()!] ?? reference) : reference;
                      return (
                        <SchemaBlock
                          key={status}
                          title={`${status} ${response.description ?? ""}`}
                          schema={response.content ? Object.values(response.content)[0]?.schema : undefined}
                        />
                      );
                    })}
                  </details>
                </li>
              ))}
          </ul>
        </section>
      ))}
      <section className="mt-10">
        <h2 className="border-b border-gray-200 pb-2 text-xl font-semibold text-gray-900">Shared schemas</h2>
        {Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => (
          <SchemaBlock key={name} title={name} schema={schema as Schema} />
        ))}
      </section>
    </main>
  );
}

function SchemaBlock({ title, schema }: { title: string; schema?: Schema }) {
  return (
    <div className="mt-2">
      <h3 className="font-semibold">{title}</h3>
      {/* Long lines wrap: a sideways-scrolling block would be out of reach of the keyboard. */}
      {schema ? (
        <pre className="mt-1 rounded bg-gray-50 p-3 text-xs whitespace-pre-wrap break-words">{JSON.stringify(schema, null, 2)}</pre>
      ) : null}
    </div>
  );
}

function describeSecurity(security?: Array<Record<string, string[]>>) {
  if (!security?.length) return "Public";
  return `Requires: ${security.map((entry) => Object.keys(entry).join(" + ")).join(" or ")}`;
}

function slug(text: string) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

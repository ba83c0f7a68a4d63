import { handleTrpcRequest } from "@/server/http/trpc-handler";

export const dynamic = "force-dynamic";

export { handleTrpcRequest as GET, handleTrpcRequest as POST };

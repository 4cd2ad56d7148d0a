# One image for the API, the migration job and the dashboard (different commands), on Node 24,
# the Active LTS line (package.json `engines`; development machines may still run Node 20).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The dashboard reads the API's address at run time (API_INTERNAL_URL, API_PUBLIC_URL): one
# image serves any deployment (docker-compose.yml sets them per service).
ENV NEXT_TELEMETRY_DISABLED=1
RUN node scripts/build.js --force && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 API_HOST=0.0.0.0
# The code stays owned by root (the app cannot change it); what the app writes belongs to the
# `node` user it runs as: the media caches under .data (MEDIA_CACHE_DIR, SANDBOX_MEDIA_DIR: the
# sandbox's rendered media, needed by test-mode playbook and music; docker-compose.yml mounts a
# volume there, which starts with this ownership) and Next.js's cache. Temp files go to /tmp.
COPY --from=build /app /app
RUN mkdir -p /app/.data/media-cache /app/.data/sandbox-media /app/apps/web/.next/cache \
  && chown -R node:node /app/.data /app/apps/web/.next/cache
USER node
EXPOSE 4000 3000
CMD ["node", "dist/apps/api/main.js"]

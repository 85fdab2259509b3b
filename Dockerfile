# svc-emulator container: listens on 0.0.0.0:4747 as the unprivileged `node` user (docs/docker.md).
# Node 24 is the current LTS line.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY openapi ./openapi
COPY scripts ./scripts
# The build indexes the demo corpus (dist/demo-corpus.json), so it reads fixtures/.
COPY fixtures ./fixtures
RUN npm run build

FROM node:24-bookworm-slim
# The same variables the CLI reads; the health check reads them too (and the same --config file), so a
# changed port or host is followed by both.
ENV NODE_ENV=production \
    SVC_EMULATOR_HOST=0.0.0.0 \
    SVC_EMULATOR_PORT=4747
WORKDIR /app
COPY package.json package-lock.json LICENSE ./
# No lifecycle script runs on a production install (the build is in `prepack`), so no dev tools are needed.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY openapi ./openapi
COPY fixtures ./fixtures
COPY ui ./ui
USER node
EXPOSE 4747
# Healthy once ready (demo corpus indexed): probes every second during the start period, so the container
# turns healthy within about a second of readiness (Docker Engine 25+ for --start-interval), then every 10 s.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --start-interval=1s --retries=3 CMD ["node", "dist/healthcheck.js"]
ENTRYPOINT ["node", "dist/cli.js"]

# svc-emulator container: listens on 0.0.0.0:4747 as the unprivileged `node` user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY openapi ./openapi
COPY scripts ./scripts
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    SVC_EMULATOR_HOST=0.0.0.0 \
    SVC_EMULATOR_PORT=4747
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY openapi ./openapi
COPY fixtures ./fixtures
COPY ui ./ui
USER node
EXPOSE 4747
# The health check reads SVC_EMULATOR_PORT, so it follows a changed port; it needs no curl.
HEALTHCHECK --interval=10s --timeout=4s --start-period=5s --retries=3 CMD ["node", "dist/healthcheck.js"]
CMD ["node", "dist/cli.js"]

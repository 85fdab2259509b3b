# svc-emulator container: listens on 0.0.0.0:4747 as the unprivileged `node` user (docs/docker.md).
# BASE: any image with a supported Node.js line (22, 24, 26) and npm. The default is the official image of the
# newest LTS line; container/build-image.sh makes one with the same Node.js release where no registry is
# reachable (docs/docker.md).
ARG BASE=node:26-trixie-slim
FROM ${BASE} AS build
# Only for a build whose npm registry is reached through a proxy with its own CA (docs/docker.md).
ARG NODE_EXTRA_CA_CERTS
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
# What the image runs with: the production dependencies only (no lifecycle script runs on it).
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${BASE}
# The same variables the CLI reads; the health check reads them too (and the same --config file), so a
# changed port or host is followed by both.
ENV NODE_ENV=production \
    SVC_EMULATOR_HOST=0.0.0.0 \
    SVC_EMULATOR_PORT=4747
WORKDIR /app
COPY package.json package-lock.json LICENSE ./
# Pruned in the build stage, so this stage needs no npm of its own.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY openapi ./openapi
COPY fixtures ./fixtures
COPY ui ./ui
# The official image has the `node` user (uid 1000); a base made from Debian's packages does not.
RUN id -u node >/dev/null 2>&1 || useradd --uid 1000 --user-group --no-create-home --shell /usr/sbin/nologin node
USER node
EXPOSE 4747
# Healthy once ready (demo corpus indexed), probed every 5 s: healthy within 5 s of readiness. Not
# --start-interval: Docker Engine 25+ only; older engines and podman 4 refuse the whole file (docs/docker.md).
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=3 CMD ["node", "dist/healthcheck.js"]
ENTRYPOINT ["node", "dist/cli.js"]

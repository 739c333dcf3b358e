# bangbot's image: the wheel with the postgres extra, run as an unprivileged user; `bangbot bot` by default.
# Build from the repository: docker build -t bangbot . ; settings come from the environment (README, "Running").

FROM python:3.12-slim AS build
WORKDIR /src
COPY pyproject.toml README.md babel.cfg ./
COPY locales locales
COPY bangbot bangbot
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

FROM python:3.12-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 BANGBOT_DATA_DIR=/var/lib/bangbot
COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir "$(ls /wheels/bangbot-*.whl)[postgres]" \
    && rm -rf /wheels \
    && groupadd --system --gid 10001 bangbot \
    && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/bangbot --create-home bangbot
USER 10001:10001
WORKDIR /var/lib/bangbot
VOLUME /var/lib/bangbot
EXPOSE 8443
ENTRYPOINT ["bangbot", "bot"]

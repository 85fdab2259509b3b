export function principalFor(org, key, via, scopes) {
    return {
        org,
        key,
        orgId: org.id,
        keyId: key.id,
        keyDisplay: key.display,
        environment: key.environment,
        livemode: key.environment === 'live',
        scopes: scopes ?? key.scopes,
        via,
    };
}

package dev.dsh.host.internal.config;

import dev.dsh.api.config.AllowedValues;
import dev.dsh.api.config.CredentialReference;
import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.config.Format;
import dev.dsh.api.config.Secret;
import dev.dsh.api.credentials.CredentialValues;

/** Shaped like the Yuanbao config: a secret, a credential reference, a URI and a closed set. */
public record SearchConfig(
    @Description("Literal key.") @Secret @Format(CredentialValues.FORMAT) String apiKey,
    @Description("Credential name.") @Default("TENCENTCLOUD_WSA_APIKEY") @CredentialReference
        String apiKeyEnv,
    @Description("Endpoint base.") @Default("https://api.wsa.cloud.tencent.com") @Format("uri")
        String baseURL,
    @Description("Results per search.") @Default("10") @AllowedValues({"10", "20", "30", "40", "50"})
        Integer count) {}

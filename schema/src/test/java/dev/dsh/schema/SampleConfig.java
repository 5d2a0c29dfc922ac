package dev.dsh.schema;

import dev.dsh.api.config.AllowedValues;
import dev.dsh.api.config.CredentialReference;
import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.config.Format;
import dev.dsh.api.config.Required;
import dev.dsh.api.config.Secret;
import java.util.List;

/** A config record using every annotation, shaped like the Yuanbao one plus a few extras. */
record SampleConfig(
    @Description("Literal API key; wins over apiKeyEnv when non-empty.") @Secret String apiKey,
    @Description("Credential holding the API key.")
        @Default("TENCENTCLOUD_WSA_APIKEY")
        @CredentialReference
        String apiKeyEnv,
    @Description("Endpoint base | the path is appended.")
        @Default("https://api.wsa.cloud.tencent.com")
        @Format("uri")
        String baseURL,
    @Description("Results per search.") @Default("10") @AllowedValues({"10", "20", "30", "40", "50"})
        Integer count,
    @Description("Search mode.") @AllowedValues({"fast", "deep"}) String mode,
    @Description("Who this row is for.") @Required String owner,
    @Description("Verbose logging.") @Default("false") boolean verbose,
    @Description("Extra tags.") List<String> tags,
    @Description("Nested limits.") Limits limits) {

  record Limits(@Description("Max pages.") @Default("3") int maxPages) {}
}

package dev.dsh.examples;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.host.Host;
import dev.dsh.host.HostInspection;
import dev.dsh.host.HostOptions;
import dev.dsh.host.ProfileEdits;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/** Reads a profile as a config form, saves a row's config, a credential and a bundle's listing. */
public final class ProfileEditsExample {

  public static void main(String[] args) {
    run(Path.of(args[0]), System.out);
  }

  public static void run(Path home, PrintStream out) {
    HostOptions options = HostOptions.of(home, "default");

    // What a config form needs: rows with schema and config (no secret values), credentials' state.
    HostInspection form = Host.inspect(options);
    for (HostInspection.FormRow row : form.formRows()) {
      String schema = row.schema().isPresent() ? "a schema" : "no schema";
      out.println(row.id() + " (" + row.plugin() + ", " + schema + "): " + row.config()
          + ", secrets set " + row.secretsSet());
    }
    for (HostInspection.FormCredential credential : form.formCredentials()) {
      out.println(credential.ref() + " for " + credential.rows());
    }

    // Save one row's config: profiles/default/console.patch.yml gets a merge patch of the fields
    // that changed; your cordis.patch.yml is never written, and the stored apiKey stays where it
    // is. Throws dev.dsh.api.ConfigException with every (pointer, message) the schema refuses.
    ProfileEdits.Saved saved =
        ProfileEdits.saveRowConfig(options, "web-search-yuanbao", Map.of("count", 20));
    out.println("saved " + saved.rowId() + " in " + home.relativize(saved.file()));

    // Credentials: the store of the profile's credentials row, as `dsh credentials set` uses it.
    CredentialService credentials = Host.inspect(options).credentials();
    CredentialRef key = CredentialRef.of("TENCENTCLOUD_WSA_APIKEY");
    credentials.set(key, "sk-your-key");
    out.println(key.name() + " configured: " + credentials.describe(key).configured());

    // List or unlist a plugin's bundle in profiles/default/profile.yml (true: the file changed).
    boolean changed = ProfileEdits.setBundleEnabled(options, "dsh-web-search-yuanbao", false);
    out.println("unlisted: " + changed);
  }
}

package dev.dsh.yuanbao;

import dev.dsh.api.Disposable;
import dev.dsh.api.credentials.Credential;
import dev.dsh.api.credentials.CredentialDescription;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.credentials.CredentialSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/** An in-memory credentials service: values set in the test, resolved from the map every time. */
class FakeCredentials implements CredentialService {

  final Map<String, String> values = new ConcurrentHashMap<>();

  @Override
  public CompletionStage<Optional<Credential>> resolve(CredentialRef ref) {
    String value = values.get(ref.name());
    return CompletableFuture.completedFuture(
        value == null || value.isEmpty()
            ? Optional.empty()
            : Optional.of(new Credential(value, CredentialSource.STORE)));
  }

  @Override
  public CredentialDescription describe(CredentialRef ref) {
    boolean configured = values.containsKey(ref.name());
    return new CredentialDescription(ref, configured, configured ? CredentialSource.STORE : null, true);
  }

  @Override
  public List<CredentialDescription> list() {
    return values.keySet().stream().sorted().map(n -> describe(CredentialRef.of(n))).toList();
  }

  @Override
  public void set(CredentialRef ref, String value) {
    values.put(ref.name(), value);
  }

  @Override
  public boolean unset(CredentialRef ref) {
    return values.remove(ref.name()) != null;
  }

  @Override
  public Disposable onChange(Consumer<CredentialRef> listener) {
    return Disposable.noop();
  }
}

/** The user record (users and profiles), read and written by auth, profile and trading. */
export {
  isUniqueViolation,
  userColumns,
  usersRepo,
  type NewUser,
  type UsersRepo,
  type UserWithProfile,
} from './users.repo';
export { splitName } from './names';
